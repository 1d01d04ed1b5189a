// How this copy of the page computes. `unblocker serve` sends this file as it
// is: the server answers (its JSON API). The static site that `cargo xtask web`
// builds replaces it with `engine: 'wasm'`: the page computes in the browser, and
// `unblocker serve --site` adds `site.server = true` to ask it what only it has.
export const site = { engine: 'server', version: null };
