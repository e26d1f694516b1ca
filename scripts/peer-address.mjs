// The socket's peer address, handed to the app in a header of our own. Route
// handlers and server actions never see the socket, and Next keeps a
// client-sent X-Forwarded-For as it is, so without this the app could not tell
// a client's real address from one it claims (lib/auth/client-ip.ts reads it).

/** Must equal PEER_ADDRESS_HEADER in lib/auth/client-ip.ts (a test checks). */
export const PEER_ADDRESS_HEADER = "x-rebate-desk-peer-address";

/**
 * Overwrites the header with the socket's address. Node joins repeated copies
 * of an unknown header into one value, so assigning it drops every copy the
 * client sent; the raw header list is rewritten too, for code that reads it.
 */
export function stampPeerAddress(req) {
  const address = req.socket.remoteAddress ?? "";
  req.headers[PEER_ADDRESS_HEADER] = address;
  const raw = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    if (req.rawHeaders[i].toLowerCase() !== PEER_ADDRESS_HEADER) raw.push(req.rawHeaders[i], req.rawHeaders[i + 1]);
  }
  raw.push(PEER_ADDRESS_HEADER, address);
  req.rawHeaders.splice(0, req.rawHeaders.length, ...raw);
}
