export interface BuildPart {
  script: string;
  builtFile: string;
  sources: string[];
}
export declare const BUILD_PARTS: { page: BuildPart; server: BuildPart };
export declare function staleReason(root: string, part: BuildPart): 'missing' | 'older than its sources' | null;
