import { createContext, useContext } from "react";

// The per-response CSP nonce, provided by entry.server and read by root's <Scripts>.
const NonceContext = createContext<string>("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
