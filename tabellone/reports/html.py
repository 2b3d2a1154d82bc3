"""Printable pages: pairings, standings and the crosstable as one self-contained HTML5
document each (no external file, no script), readable on a phone and printed on A4.

Every page is a title, a line of notes and one table. The stylesheet is inline: a
table that scrolls sideways on a narrow screen, and for print an A4 page with the
table header repeated on every page and rows never split; a table wider than
:data:`WIDE` columns (a crosstable) prints on a landscape page in a smaller type. All text is escaped.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

STYLE = """
:root { color-scheme: light; }
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 1rem; color: #111; }
h1 { font-size: 1.3rem; margin: 0 0 .25rem; }
p.notes { margin: 0 0 .75rem; color: #444; font-size: .9rem; }
div.scroll { overflow-x: auto; -webkit-overflow-scrolling: touch; }
table { border-collapse: collapse; font-size: .95rem; min-width: 100%; }
th, td { padding: .3rem .5rem; border-bottom: 1px solid #ccc; text-align: left; white-space: nowrap; }
th { background: #eee; position: sticky; top: 0; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
td.c, th.c { text-align: center; }
tbody tr:nth-child(even) { background: #f7f7f7; }
@media (max-width: 600px) { body { margin: .5rem; } th, td { padding: .25rem .3rem; font-size: .85rem; } }
@page { size: A4; margin: 12mm; }
@page wide { size: A4 landscape; margin: 10mm; }
@media print {
  table.wide { page: wide; font-size: 8pt; }
  table.wide th, table.wide td { padding: .1rem .25rem; }
  p.notes { color: #000; }
  body { margin: 0; font-size: 10pt; }
  div.scroll { overflow: visible; }
  th { position: static; background: #ddd !important; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  thead { display: table-header-group; }
  tr { page-break-inside: avoid; break-inside: avoid; }
  tbody tr:nth-child(even) { background: none; }
}
"""


#: Columns from which a table prints on a landscape A4 page.
WIDE = 14


def page(
    title: str,
    notes: Sequence[str],
    header: Sequence[str],
    rows: Sequence[Sequence[object]],
    numeric: Sequence[bool] | None = None,
    caption: str | None = None,
) -> str:
    """A whole HTML page with one table: ``header`` cells, ``rows`` of cells (``None``
    prints empty), ``numeric`` marks right-aligned columns."""
    numeric = list(numeric or [False] * len(header))
    out = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(title)}</title>",
        f"<style>{STYLE}</style>",
        "</head>",
        "<body>",
        f"<h1>{escape(title)}</h1>",
    ]
    if notes:
        out.append('<p class="notes">' + "<br>".join(escape(n) for n in notes) + "</p>")
    out.append('<div class="scroll">')
    # a wide table (a crosstable of many rounds) prints on a landscape page
    out.append('<table class="wide">' if len(header) > WIDE else "<table>")
    if caption:
        out.append(f"<caption>{escape(caption)}</caption>")
    num = ' class="num"'
    out.append(
        "<thead><tr>"
        + "".join(f'<th scope="col"{num if numeric[k] else ""}>{escape(str(h))}</th>' for k, h in enumerate(header))
        + "</tr></thead>"
    )
    out.append("<tbody>")
    for row in rows:
        cells = []
        for k, cell in enumerate(row):
            text = "" if cell is None else str(cell)
            cls = ' class="num"' if k < len(numeric) and numeric[k] else ""
            cells.append(f"<td{cls}>{escape(text)}</td>")
        out.append("<tr>" + "".join(cells) + "</tr>")
    out.append("</tbody>")
    out.append("</table>")
    out.append("</div>")
    out.append("</body>")
    out.append("</html>")
    return "\n".join(out) + "\n"
