/**
 * File extensions a token must end in to be read as a file name when it has
 * no directory (`AppSidebar.tsx`, `schema.prisma`), so that member access
 * (`user.name`, `process.env`) and product names (`Next.js` is handled by
 * the caller) are not taken for files. Paths with a `/` need no extension.
 */
const EXTENSIONS = `
ts tsx mts cts js jsx mjs cjs json jsonc json5 jsonl ndjson md mdx markdown rst txt log csv tsv xml html htm css scss
sass less styl vue svelte astro py pyi ipynb rb erb go rs java kt kts scala groovy gradle swift m mm c h cc cpp cxx hpp
hh cs fs vb php pl pm lua r dart ex exs erl hrl hs elm ml mli clj cljs edn nim zig v sol sql prisma graphql gql proto
yaml yml toml ini cfg conf env properties plist lock sh bash zsh fish ps1 bat cmd mk cmake make tf tfvars hcl nix
dockerfile containerfile gitignore gitattributes editorconfig npmrc nvmrc babelrc eslintrc prettierrc snap map wasm
svg png jpg jpeg gif webp ico bmp pdf zip gz tgz tar bz2 xz jar war mp3 mp4 wav mov webm mkv avi ogg flac m4a sqlite db pem
crt key pub tmpl tpl j2 jinja jinja2 hbs ejs pug twig
`;

const KNOWN = new Set(EXTENSIONS.split(/\s+/).filter((e) => e !== ''));

export function isKnownExtension(ext: string): boolean {
  return KNOWN.has(ext.toLowerCase());
}
