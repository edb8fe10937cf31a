/// The report's look, on screen and on paper. Page margins are set and the paper size is not, so
/// the same file prints on A4 and on Letter; colours print as they show.
enum ReportStyle {
    static let css: HTML = """
        :root { --l1: #d73027; --l2: #fc8d59; --l3: #fee08b; --l4: #91cf60; --l5: #1a9850; --none: #e8ebef;
          --ink: #1f2328; --muted: #59636e; --rule: #d0d7de; }
        * { box-sizing: border-box; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
        html { background: #fff; }
        body { margin: 0 auto; max-width: 62rem; padding: 2rem 1.5rem 3rem; color: var(--ink);
          font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "DejaVu Sans", sans-serif; }
        header { border-bottom: 3px solid var(--ink); padding-bottom: .6rem; }
        h1 { font-size: 1.7rem; margin: 0 0 .2rem; }
        h2 { font-size: 1.15rem; margin: 1.8rem 0 .6rem; padding-bottom: .2rem; border-bottom: 1px solid var(--rule); }
        h3 { font-size: 1rem; margin: 1rem 0 .3rem; }
        p { margin: .3rem 0; }
        .summary { font-size: 1.05rem; }
        .muted, .caption, .empty, footer { color: var(--muted); }
        .caption { font-size: .85rem; }
        svg { display: block; width: 100%; height: auto; }
        svg .axis { font-size: 10px; fill: var(--muted); }
        svg .grid { stroke: var(--rule); stroke-width: 1; }
        svg .trend { fill: none; stroke: var(--ink); stroke-width: 2; stroke-linejoin: round; }
        svg rect.none { fill: var(--none); }
        .l1 { fill: var(--l1); background: var(--l1); } .l2 { fill: var(--l2); background: var(--l2); }
        .l3 { fill: var(--l3); background: var(--l3); } .l4 { fill: var(--l4); background: var(--l4); }
        .l5 { fill: var(--l5); background: var(--l5); } .swatch.none { background: var(--none); }
        .swatch { display: inline-block; width: .8rem; height: .8rem; border-radius: 2px; margin: 0 .3rem 0 .6rem; vertical-align: -.1rem; }
        .legend .swatch:first-child, .note-head .swatch { margin-left: 0; }
        table { width: 100%; border-collapse: collapse; }
        th, td { text-align: left; padding: .25rem .6rem .25rem 0; border-bottom: 1px solid #eaeef2; vertical-align: top; font-weight: normal; }
        thead th { color: var(--muted); font-size: .85rem; }
        tbody th { font-weight: 600; overflow-wrap: anywhere; }
        .number { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
        .bar-cell { width: 45%; }
        .bar { display: block; height: .85rem; border-radius: 2px; min-width: 1px; }
        .facts { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1.2rem; margin: 0; }
        .facts dt { color: var(--muted); } .facts dd { margin: 0; }
        .note { margin: 0 0 .6rem; }
        .note-head { color: var(--muted); font-size: .9rem; margin: 0; }
        .note-text { white-space: pre-wrap; overflow-wrap: anywhere; margin: .1rem 0 0; unicode-bidi: plaintext; }
        footer { margin-top: 2.5rem; font-size: .8rem; border-top: 1px solid var(--rule); padding-top: .5rem; }
        @page { margin: 14mm 13mm; }
        @media print {
          body { max-width: none; padding: 0; font-size: 10pt; }
          section { break-inside: avoid; }
          section.notes { break-inside: auto; }
          h2, h3 { break-after: avoid; }
          article.note, tr { break-inside: avoid; }
        }
        """
}
