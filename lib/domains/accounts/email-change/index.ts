// The e-mail change process (spec 2.1, 5.3): pending address, confirmation by the new address.
export { cancelEmailChange } from "./cancel-email-change";
export { confirmEmailChange, type ConfirmedEmailChange } from "./confirm-email-change";
export { emailChangeConfirmUrl } from "./confirm-url";
export { EmailAddressTakenError, EmailChangeLinkInvalidError } from "./errors";
export { maskEmail } from "@/lib/domains/mail/mask-email";
export { requestEmailChange, type RequestEmailChangeInput } from "./request-email-change";
