import type { IncomingMessage } from "node:http";

export declare const PEER_ADDRESS_HEADER: string;
export declare function stampPeerAddress(req: IncomingMessage): void;
