import fs from 'node:fs';
import path from 'node:path';

/** A link of a Markdown file to a file of the repository, where it is written. */
export interface DocLink {
  line: number;
  /** The link's target as written: `deploy.md#metrics`, `../src/config.ts`, `#the-process`. */
  target: string;
}

const LINK = /\]\(([^()\s]+)\)/g;

/** The links of a document outside its code blocks, except to the web or to an e-mail address. */
export function readLinks(root: string, doc: string): DocLink[] {
  const links: DocLink[] = [];
  let fenced = false;
  fs.readFileSync(path.join(root, doc), 'utf8')
    .split('\n')
    .forEach((text, i) => {
      if (/^\s*```/.test(text)) fenced = !fenced;
      if (fenced) return;
      for (const match of text.replace(/`[^`]*`/g, '').matchAll(LINK)) {
        const target = match[1] ?? '';
        if (!/^[a-z][\w+.-]*:/i.test(target)) links.push({ line: i + 1, target });
      }
    });
  return links;
}

/** The anchors of a Markdown file's headings as GitHub makes them: `## 9. Slow clients` → `9-slow-clients`. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const slug = (heading[1] ?? '')
      .toLowerCase()
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** Why a link does not lead where it says, or null when it does. */
export function linkProblem(root: string, doc: string, target: string): string | null {
  const [file = '', anchor] = target.split('#');
  const resolved = file === '' ? path.join(root, doc) : path.resolve(path.dirname(path.join(root, doc)), file);
  if (!fs.existsSync(resolved)) return 'no such file';
  if (anchor === undefined || !resolved.endsWith('.md')) return null;
  return headingAnchors(fs.readFileSync(resolved, 'utf8')).has(decodeURIComponent(anchor)) ? null : 'no such heading';
}
