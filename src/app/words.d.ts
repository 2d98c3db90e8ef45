/** The English catalog's two parts (src/app/vite-plugins/first-words.ts). */
declare module 'virtual:first-words' {
  const words: Partial<typeof import('../../locales/en.json')>;
  export default words;
}
declare module 'virtual:more-words' {
  const words: Partial<typeof import('../../locales/en.json')>;
  export default words;
}
