import { createVerify, generateKeyPairSync } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

// Google's token endpoint and the Search Console URL Inspection API on a local port: checks the
// service account's RS256 assertion with its public key, hands out a token, and answers each
// inspection with the body (or status) a test set for its address.

export interface InspectionRequest {
  authorization: string | undefined;
  body: { inspectionUrl?: string; siteUrl?: string; languageCode?: string };
}

export interface FakeSearchConsole {
  /** SEARCH_CONSOLE_CREDENTIALS: a service account key whose token_uri is this server. */
  credentials: string;
  /** SEARCH_CONSOLE_API_URL. */
  apiUrl: string;
  tokenRequests: { assertionClaims: Record<string, unknown>; signatureValid: boolean }[];
  inspections: InspectionRequest[];
  /** Answer per inspected address: a response body, or an HTTP status without one. */
  answers: Map<string, unknown | { status: number }>;
  /** For addresses without an answer. */
  fallback: unknown;
  close(): Promise<void>;
}

const TOKEN = "fake-access-token";

export async function startFakeSearchConsole(): Promise<FakeSearchConsole> {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const state: FakeSearchConsole = {
    credentials: "",
    apiUrl: "",
    tokenRequests: [],
    inspections: [],
    answers: new Map(),
    fallback: { inspectionResult: { indexStatusResult: { verdict: "NEUTRAL", coverageState: "URL is unknown to Google" } } },
    close: async () => {},
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const json = (status: number, body: unknown) =>
        res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
      if (req.method === "POST" && req.url === "/token") {
        const assertion = new URLSearchParams(text).get("assertion") ?? "";
        const [header = "", claims = "", signature = ""] = assertion.split(".");
        const signatureValid = createVerify("RSA-SHA256")
          .update(`${header}.${claims}`)
          .verify(publicKey, Buffer.from(signature, "base64url"));
        state.tokenRequests.push({
          assertionClaims: JSON.parse(Buffer.from(claims, "base64url").toString("utf8")) as Record<string, unknown>,
          signatureValid,
        });
        if (!signatureValid) return json(400, { error: "invalid_grant" });
        return json(200, { access_token: TOKEN, expires_in: 3600, token_type: "Bearer" });
      }
      if (req.method === "POST" && req.url === "/v1/urlInspection/index:inspect") {
        const body = JSON.parse(text) as InspectionRequest["body"];
        state.inspections.push({ authorization: req.headers.authorization, body });
        if (req.headers.authorization !== `Bearer ${TOKEN}`) return json(401, { error: { code: 401 } });
        const answer = state.answers.has(body.inspectionUrl ?? "") ? state.answers.get(body.inspectionUrl ?? "") : state.fallback;
        if (answer && typeof answer === "object" && "status" in answer)
          return json((answer as { status: number }).status, { error: { code: (answer as { status: number }).status } });
        return json(200, answer);
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.apiUrl = `${origin}/v1/urlInspection/index:inspect`;
  state.credentials = JSON.stringify({
    type: "service_account",
    client_email: "index-check@pressdesk-test.iam.gserviceaccount.com",
    private_key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    token_uri: `${origin}/token`,
  });
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}
