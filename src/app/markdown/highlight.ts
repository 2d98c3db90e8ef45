/**
 * Syntax highlighting for code an agent sent, by highlight.js with a handful of common languages.
 * Its own chunk, loaded only when a chat shows code that names a language (highlighter.ts): the
 * first screen and a chat without code never load it. The output is highlight.js's: the code's
 * text escaped, inside `<span class="hljs-…">`; the caller passes it through the sanitiser.
 */
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import css from 'highlight.js/lib/languages/css';
import go from 'highlight.js/lib/languages/go';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import python from 'highlight.js/lib/languages/python';
import rust from 'highlight.js/lib/languages/rust';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';

// Each grammar brings its own short names (ts, js, py, sh, html, yml, rs…).
for (const [name, grammar] of Object.entries({ bash, c, cpp, css, go, java, javascript, json, python, rust, sql, typescript, xml, yaml })) hljs.registerLanguage(name, grammar);

/** Longer than any language's name: a fence's info string is the agent's, and only its first word is a language. */
const LANGUAGE_MAX = 32;

/** The code as highlighted HTML, or null when the language is not one of these (the code is then shown plain). */
export function highlight(code: string, language: string): string | null {
  const name = language.trim().toLowerCase();
  if (name.length === 0 || name.length > LANGUAGE_MAX || !hljs.getLanguage(name)) return null;
  try {
    return hljs.highlight(code, { language: name, ignoreIllegals: true }).value;
  } catch (err) {
    // A grammar that fails on odd text must not lose the text: it is shown plain.
    console.warn('highlight failed', err);
    return null;
  }
}
