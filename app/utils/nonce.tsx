import { createContext, useContext } from "react";

// Per-response facts the document needs while rendering on the server: the CSP
// nonce for <Scripts>, and the request id an error page shows so a shopper can
// quote it. Provided by entry.server.
type DocumentInfo = { nonce: string; requestId: string };
const DocumentInfoContext = createContext<DocumentInfo>({ nonce: "", requestId: "" });
export const DocumentInfoProvider = DocumentInfoContext.Provider;
export const useNonce = () => useContext(DocumentInfoContext).nonce;

export const REQUEST_ID_META = "request-id";

/**
 * The id of the request that rendered this document: from entry.server on the
 * server; in the browser, from the meta tag the server wrote, so hydration
 * renders the same text.
 */
export function useRequestId(): string {
  const fromServer = useContext(DocumentInfoContext).requestId;
  if (fromServer || typeof document === "undefined") return fromServer;
  return document.querySelector(`meta[name="${REQUEST_ID_META}"]`)?.getAttribute("content") ?? "";
}
