import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { isoCBOR } from "@simplewebauthn/server/helpers";

// Test helper: a software authenticator with one ES256 credential that answers WebAuthn options
// the way a browser + authenticator would, so tests run the real verification without a browser.

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;
const COSE_ES256 = -7;

type CborValue = Parameters<typeof isoCBOR.encode>[0];

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

export interface CeremonyOverrides {
  /** The page origin the browser reports (default: the relying party's). */
  origin?: string;
  /** The challenge echoed back (default: the one from the options). */
  challenge?: string;
  /** Use this signature counter instead of the next one. */
  counter?: number;
  /** Person verified by PIN or biometrics (default true). */
  userVerified?: boolean;
}

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private userHandle: string | undefined;

  /** counter: the next signature count; null makes a passkey that never counts (always 0). */
  constructor(
    private readonly origin: string,
    private counter: number | null = 0,
  ) {
    ({ privateKey: this.privateKey, publicKey: this.publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" }));
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  /** Answer to navigator.credentials.create() with attestation "none". */
  register(options: PublicKeyCredentialCreationOptionsJSON, o: CeremonyOverrides = {}): RegistrationResponseJSON {
    this.userHandle = options.user.id;
    const clientDataJSON = this.clientData("webauthn.create", o.challenge ?? options.challenge, o.origin);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, this.cosePublicKey()]);
    const authData = this.authenticatorData(options.rp.id ?? "", FLAG_AT, o, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, CborValue>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ["internal"] },
      clientExtensionResults: {},
    };
  }

  /** Answer to navigator.credentials.get(): signs authenticatorData || SHA-256(clientDataJSON). */
  authenticate(options: PublicKeyCredentialRequestOptionsJSON, o: CeremonyOverrides = {}): AuthenticationResponseJSON {
    const clientDataJSON = this.clientData("webauthn.get", o.challenge ?? options.challenge, o.origin);
    const authData = this.authenticatorData(options.rpId ?? "", 0, o);
    const signature = sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      clientExtensionResults: {},
    };
  }

  private clientData(type: string, challenge: string, origin = this.origin): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  private authenticatorData(rpId: string, extraFlags: number, o: CeremonyOverrides, attested?: Buffer): Buffer {
    const flags = FLAG_UP | (o.userVerified === false ? 0 : FLAG_UV) | extraFlags;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(o.counter ?? this.nextCounter());
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  private nextCounter(): number {
    if (this.counter === null) return 0;
    return this.counter++;
  }

  /** EC2 P-256 key as a COSE map: kty 2, alg -7, crv 1, x, y. */
  private cosePublicKey(): Uint8Array {
    const jwk = this.publicKey.export({ format: "jwk" });
    const coord = (v: string | undefined) => new Uint8Array(Buffer.from(v ?? "", "base64url"));
    return isoCBOR.encode(
      new Map<number, CborValue>([
        [1, 2],
        [3, COSE_ES256],
        [-1, 1],
        [-2, coord(jwk.x)],
        [-3, coord(jwk.y)],
      ]),
    );
  }
}
