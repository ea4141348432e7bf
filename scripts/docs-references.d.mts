export interface BrokenReference {
  /** The file that makes the reference, relative to the root, with '/' separators. */
  file: string
  line: number
  reference: string
  reason: string
}
export declare function githubAnchor(headingText: string): string
export declare function headingAnchors(markdown: string): Set<string>
export declare function findBrokenReferences(root: string): {
  broken: BrokenReference[]
  checked: { links: number; paths: number; mentions: number; files: number }
}
