// The words of the implausible-domain finding (spec 7). Pure: the release form's wording uses them in the browser.
export const IMPLAUSIBLE_DOMAIN_MESSAGE = "implausible e-mail domain";
/** The same finding as a German form message under the address field. */
export const IMPLAUSIBLE_DOMAIN_FORM_MESSAGE = "An diese E-Mail-Domain kann keine Post zugestellt werden. Bitte prüfen Sie die Adresse.";
