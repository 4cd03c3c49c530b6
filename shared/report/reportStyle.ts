/**
 * The report's only stylesheet, inlined in the page. The two toggles are
 * checkboxes read with `:has()`, so the report needs no script at all: the
 * page's policy forbids every script. Colours come in a light and a dark set.
 */
export const REPORT_CSS = `
:root{color-scheme:light dark;--bg:#fff;--fg:#1f2328;--mu:#59636e;--bd:#d1d9e0;--pn:#f6f8fa;--u:#ffd8b5;--c:#ffc1c8;--a:#f3dcff;--i:#e4e7eb;--g:#c9f0d3;--ul:#bc4c00;--cl:#cf222e;--al:#8250df;--gl:#1a7f37}
@media(prefers-color-scheme:dark){:root{--bg:#0d1117;--fg:#e6edf3;--mu:#9198a1;--bd:#3d444d;--pn:#151b23;--u:#5a3210;--c:#67161e;--a:#3c1e70;--i:#2f353d;--g:#113d1f;--ul:#f0883e;--cl:#ff7b72;--al:#d2a8ff;--gl:#56d364}}
body{margin:0 auto;max-width:60rem;padding:0 1rem 3rem;background:var(--bg);color:var(--fg);font:15px/1.5 system-ui,sans-serif}
h1{font-size:1.4rem}h2{font-size:1.15rem;margin:2rem 0 0;overflow-wrap:anywhere}
table{border-collapse:collapse;margin:.5rem 1.5rem .5rem 0;display:inline-table;vertical-align:top}th,td{padding:.1rem .6rem;border-bottom:1px solid var(--bd);text-align:right}th:first-child{text-align:left}
.meta,.gap,small,q,.ex{color:var(--mu)}small,q{font-size:.85em}q{margin-left:.5rem;quotes:none}details[open] q{display:none}
.bar{position:sticky;top:0;background:var(--bg);border-bottom:1px solid var(--bd);padding:.4rem 0;z-index:1}.bar label,.key span{margin-right:1rem;white-space:nowrap;display:inline-block}
ul{padding-left:1.2rem}.t{border:1px solid var(--bd);border-radius:6px;margin:.5rem 0;padding:.4rem .7rem}
.r-user{background:var(--pn)}.br{margin-left:1.5rem;border-style:dashed}
.h,summary{font-size:.9em;margin:0}summary{cursor:pointer}
.fail{color:var(--cl)}.lv{font-size:.85em}.PARTIAL{color:var(--ul)}.UNGROUNDED{color:var(--cl)}.GROUNDED{color:var(--gl)}
.ex{margin:.2rem 0;font-size:.9em}
pre{white-space:pre-wrap;overflow-wrap:anywhere;margin:.3rem 0 0;font:inherit}.t:not(.r-user,.r-assistant) pre{font:.85em/1.4 ui-monospace,monospace;max-height:30rem;overflow:auto}
.cut{color:var(--mu);font-style:italic}.pr{color:var(--cl)}
.bud{font-size:.9em}.bw{color:var(--ul)}.bi{color:var(--mu)}.h .bw,.h .bi{font-size:.85em}
.m{color:inherit;text-decoration:none;border-radius:3px;padding:0 1px}
.u{background:var(--u);box-shadow:inset 0 -2px var(--ul)}.c{background:var(--c);box-shadow:inset 0 -2px var(--cl)}
.a{background:var(--a);box-shadow:inset 0 -2px var(--al)}.i{background:var(--i)}
.g{background:none;padding:0}body:has(#sg:checked) .g{background:var(--g);box-shadow:inset 0 -2px var(--gl)}
body:has(#of:checked) .t:not(.f){display:none}
:focus-visible{outline:2px solid var(--al);outline-offset:1px}
`.trim();
