// What a bounce says about the recipient (spec 6.3). The enhanced status code (RFC 3463) decides
// before the diagnostic text: a remote server's prose varies by vendor and language, its code
// does not. Pure: no configuration, no database.

export type BounceKind = "hard" | "soft" | "policy";

export interface BounceInput {
  /** The DSN's Status field (`5.1.1`), when there is one. */
  status?: string | null;
  /** The DSN's Diagnostic-Code or a provider's bounce message. */
  diagnostic?: string | null;
  /** The DSN's Action (`failed`, `delayed`); the last resort when nothing else speaks. */
  action?: string | null;
}

export interface BounceClassification {
  kind: BounceKind;
  /** The enhanced code (`5.1.1`) or, lacking one, the basic reply code (`550`) the kind came from. */
  statusCode: string | null;
  /** 5.1.x: the address itself is wrong, one signed bounce is proof enough. */
  suppressesAtOnce: boolean;
  /** Soft and other hard bounces suppress only when they repeat (lib/domains/mail/bounces/record-bounce.ts). */
  countsTowardThreshold: boolean;
  /** The server refused to relay for us, or our provider refused us: feeds the circuit breaker. */
  isRelay: boolean;
}

// Class 4 or 5 only: a 2.x.x status reports success and is no bounce. The look-arounds keep the
// pattern off IP addresses and version numbers ("10.4.5.6", "4.5.6.7").
const ENHANCED_CODE = /(?<![\d.])([45])\.(\d{1,3})\.(\d{1,3})(?!\d|\.\d)/;
// A basic reply code where an SMTP reply starts: at the front ("smtp; 550 ..."), or after the
// words Postfix and others put before the quoted reply ("... said: 550 ...").
const BASIC_CODE = /(?:^\s*(?:[a-z-]+\s*;\s*)?|\b(?:said|response|reply|error|code)\s*:?\s*)([45]\d\d)(?!\d|\.\d)/i;

// A refusal to relay, or our own provider refusing to send for us: both are about our route,
// not about the recipient's mailbox.
const RELAY_TEXT =
  /relay(?:ing)?\s+(?:access\s+)?(?:denied|not\s+(?:permitted|allowed)|prohibited)|not\s+permitted\s+to\s+relay|unable\s+to\s+relay|domain\s+(?:is\s+)?not\s+verified|unverified\s+domain|invalid\s+api\s+key|api\s+key\s+(?:is\s+)?(?:invalid|revoked|restricted)|account\s+(?:is\s+|has\s+been\s+)?(?:suspended|disabled|paused|blocked)|sending\s+(?:is\s+|has\s+been\s+)?(?:disabled|paused|suspended|blocked)/i;

// Keywords, used only when no code was found anywhere, in this order: relay, temporary wording
// ("mailbox temporarily unavailable" is soft, "temporarily blocked" too), policy, hard.
const SOFT_TEXT =
  /mailbox\s+(?:is\s+)?full|over\s+quota|quota\s+exceeded|insufficient\s+(?:system\s+)?storage|temporar|try\s+(?:again|later)|deferred|timed?\s*out|connection\s+(?:refused|lost|reset)|lost\s+connection|greylist|graylist|rate\s+limit|throttl|too\s+many/i;
const POLICY_TEXT =
  /spam|blocked|block\s*list|black\s*list|blacklisted|\bpolicy\b|reputation|dmarc|\bspf\b|dkim|content\s+rejected|\brbl\b|listed\s+at/i;
const HARD_TEXT =
  /user\s+unknown|unknown\s+(?:user|recipient)|no\s+such\s+(?:user|mailbox|recipient|address|domain)|mailbox\s+(?:not\s+found|unavailable|does\s+not\s+exist)|(?:address|account|recipient|mailbox|user)\s+(?:does\s+not|doesn't)\s+exist|recipient\s+(?:address\s+)?rejected|invalid\s+(?:recipient|mailbox|address)|(?:recipient|address)\s+not\s+found|domain\s+(?:not\s+found|does\s+not\s+exist)|host\s+not\s+found|unrouteable/i;

function result(kind: BounceKind, statusCode: string | null, isRelay: boolean, suppressesAtOnce = false): BounceClassification {
  // A relay rejection says nothing about the mailbox: it goes to the circuit breaker instead.
  const counts = kind !== "policy" && !isRelay;
  return { kind, statusCode, suppressesAtOnce: suppressesAtOnce && counts, countsTowardThreshold: counts, isRelay };
}

function fromEnhancedCode(code: RegExpExecArray, isRelay: boolean): BounceClassification {
  const klass = code[1]!;
  const subject = Number(code[2]);
  const detail = Number(code[3]);
  const statusCode = `${klass}.${subject}.${detail}`;
  // x.7.x is security or policy (spam filter, DMARC, greylisting): it judges us, not the
  // mailbox, in either class, so it never counts toward a suppression. 5.1.7 and 5.1.8 name
  // the sender's address as bad, which is ours.
  if (subject === 7 || (subject === 1 && (detail === 7 || detail === 8))) return result("policy", statusCode, isRelay);
  if (klass === "4") return result("soft", statusCode, isRelay);
  return result("hard", statusCode, isRelay, subject === 1);
}

export function classifyBounce(input: BounceInput): BounceClassification {
  const status = input.status?.trim() ?? "";
  const diagnostic = input.diagnostic?.trim() ?? "";
  const isRelay = RELAY_TEXT.test(diagnostic);

  // The Status field first, then an enhanced code quoted in the diagnostic.
  const enhanced = ENHANCED_CODE.exec(status) ?? ENHANCED_CODE.exec(diagnostic);
  if (enhanced) return fromEnhancedCode(enhanced, isRelay);

  const basic = BASIC_CODE.exec(diagnostic);
  if (basic?.[1]) return result(basic[1].startsWith("4") ? "soft" : "hard", basic[1], isRelay);

  if (isRelay) return result("policy", null, true);
  if (SOFT_TEXT.test(diagnostic)) return result("soft", null, false);
  if (POLICY_TEXT.test(diagnostic)) return result("policy", null, false);
  if (HARD_TEXT.test(diagnostic)) return result("hard", null, false);
  // Nothing to read but the action: "failed" means the server gave up for good (RFC 3464).
  return result(input.action?.trim().toLowerCase() === "failed" ? "hard" : "soft", null, false);
}
