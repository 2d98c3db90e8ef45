import { parseArgs } from 'node:util';
import { UsageError } from '../conformance/usage-error';

export type Options = Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }>;

/**
 * Node's parseArgs, strict, with positionals allowed (each verb says how many it takes). Its own
 * messages quote argument values, and a mistyped token could be one: a mistake names the option
 * only, as a UsageError (exit 2).
 */
export function parseOptions<T extends Options>(args: string[], options: T) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError(describeParseError(err, args, options));
  }
}

function describeParseError(err: unknown, args: string[], options: Options): string {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const known = new Set(Object.entries(options).flatMap(([name, o]) => [`--${name}`, ...(o.short ? [`-${o.short}`] : [])]));
    const option = args.map((a) => a.split('=')[0] ?? '').find((a) => a.startsWith('-') && !known.has(a));
    return option && /^--?[A-Za-z-]{1,40}$/.test(option) ? `unknown option ${option}` : 'unknown option';
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const named = (type: 'string' | 'boolean') =>
      Object.keys(options)
        .filter((name) => options[name]!.type === type)
        .map((name) => `--${name}`);
    const values = named('string');
    const flags = named('boolean');
    const parts = [
      values.length ? `${list(values)} ${values.length === 1 ? 'takes' : 'take'} a value` : '',
      flags.length ? `${list(flags)} ${flags.length === 1 ? 'takes' : 'take'} none` : '',
    ];
    return parts.filter(Boolean).join('; ');
  }
  return 'the arguments do not parse';
}

const list = (names: string[]) => (names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);
