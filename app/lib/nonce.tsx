import { createContext, useContext } from "react";

const NonceContext = createContext<string>("");

export const NonceProvider = NonceContext.Provider;

/** The CSP nonce of this response (server render); empty in the browser, where it is not needed. */
export const useNonce = () => useContext(NonceContext);
