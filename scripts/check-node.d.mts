export declare function isSupportedNode(version: string): boolean;
