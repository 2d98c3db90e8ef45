import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { rememberBounded } from '../../wire/bounded-map';

const FILE = 'pi-project-trust.json';
/** Sets of the project's files the person allowed: the newest few (a project changes, an old set is not asked of again). */
const TRUSTED_MEMORY = 20;
/** Conversations that run without the project's files, each with the set it was refused for. */
const REFUSED_MEMORY = 500;

interface TrustRecord {
  trusted: string[];
  refused: Record<string, string>;
}

/**
 * What the person said of the project's `.pi/` files (project-files.ts), `<data>/pi-project-trust.json`
 * (0600): the sets they allowed, by digest, so the same files never ask twice and a changed one asks
 * again; and the conversations they refused them in, which start again without them.
 */
export class ProjectTrust {
  private constructor(
    private readonly path: string,
    private readonly trustedSets: Map<string, true>,
    private readonly refusals: Map<string, string>,
  ) {}

  static open(dataDir: string): ProjectTrust {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const path = join(dataDir, FILE);
    let record: TrustRecord = { trusted: [], refused: {} };
    try {
      const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<TrustRecord>;
      record = {
        trusted: Array.isArray(parsed.trusted) ? parsed.trusted.filter((d) => typeof d === 'string') : [],
        refused: typeof parsed.refused === 'object' && parsed.refused ? parsed.refused : {},
      };
    } catch (err) {
      // A file that does not read trusts nothing: the person is asked again.
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT' && !(err instanceof SyntaxError)) throw err;
    }
    return new ProjectTrust(path, new Map(record.trusted.map((d) => [d, true])), new Map(Object.entries(record.refused)));
  }

  trusted(digest: string): boolean {
    return this.trustedSets.has(digest);
  }

  refusedIn(conversationId: string, digest: string): boolean {
    return this.refusals.get(conversationId) === digest;
  }

  trust(digest: string): void {
    rememberBounded(this.trustedSets, digest, true, TRUSTED_MEMORY);
    this.save();
  }

  refuse(conversationId: string, digest: string): void {
    rememberBounded(this.refusals, conversationId, digest, REFUSED_MEMORY);
    this.save();
  }

  private save(): void {
    const temp = `${this.path}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify({ trusted: [...this.trustedSets.keys()], refused: Object.fromEntries(this.refusals) }), { mode: 0o600 });
    renameSync(temp, this.path);
  }
}
