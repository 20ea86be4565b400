import FlowIR

// The flow pictures of coverage.html for reading a large flow: on screen, each overview is drawn at its own size
// (a label is as large as its font says, 10 px and up) inside a frame that pans (drag, scroll) and zooms (buttons,
// Ctrl + wheel); a search box finds a screen by ID or name and centres it. On paper, a picture wider or taller than a
// page is printed in parts, one page each, at the same scale: Tempo's wallet (2,277 x 2,620) is 12 readable pages
// instead of one stamp. The script is small, inline and optional: without it the frame still scrolls.

/// One printed part of a large picture: at most this much of the drawing (CSS px at scale 1) per A4 page.
let printPartWidth = 700
let printPartHeight = 940

/// The overview `svg` in its pan-and-zoom frame, and its printed parts when it is larger than a page.
/// A part where no box is drawn (only arrows passing by) is left out.
func pictureViewer(_ svg: String, id: String, width: Int, height: Int, frames: [Frame], flow: String) -> [String] {
    let attribute = { (text: String) in escapeMarkup(text, attribute: true) }
    var out = ["<div class=\"viewer\" data-width=\"\(width)\" data-height=\"\(height)\">"]
    out.append("<div class=\"zoom no-print\" role=\"group\" aria-label=\"Zoom\">"
               + "<button type=\"button\" data-zoom=\"out\" title=\"Zoom out\">−</button>"
               + "<button type=\"button\" data-zoom=\"reset\" title=\"Actual size\">100%</button>"
               + "<button type=\"button\" data-zoom=\"in\" title=\"Zoom in\">+</button>"
               + "<button type=\"button\" data-zoom=\"fit\" title=\"The whole picture\">Fit</button>"
               + "<span class=\"muted\">drag or scroll to move; Ctrl + wheel to zoom</span></div>")
    out.append("<div class=\"pan\" tabindex=\"0\" aria-label=\"\(attribute("Picture of " + flow + ": drag or scroll to move"))\">")
    out.append(svg)
    out.append("</div>")
    out.append("</div>")
    let columns = (width + printPartWidth - 1) / printPartWidth
    let rows = (height + printPartHeight - 1) / printPartHeight
    guard columns * rows > 1 else { return out }
    var parts: [(x: Int, y: Int, w: Int, h: Int, row: Int, column: Int)] = []
    for row in 0..<rows {
        for column in 0..<columns {
            let x = column * printPartWidth, y = row * printPartHeight
            let w = min(printPartWidth, width - x), h = min(printPartHeight, height - y)
            let holdsABox = frames.contains { $0.x < x + w && $0.x + $0.width > x && $0.y < y + h && $0.y + $0.height > y }
            if holdsABox { parts.append((x, y, w, h, row, column)) }
        }
    }
    out.append("<div class=\"print-parts\">")
    for (index, part) in parts.enumerated() {
        do {
            let (x, y, w, h, row, column) = part
            out.append("<figure class=\"print-part\"><figcaption>\(escapeMarkup(flow)): part \(index + 1) of \(parts.count) "
                       + "(row \(row + 1) of \(rows), column \(column + 1) of \(columns))</figcaption>"
                       + "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"flow-picture part\" viewBox=\"\(x) \(y) \(w) \(h)\" width=\"\(w)\" height=\"\(h)\">"
                       + "<use href=\"#\(attribute(id))-drawing\"/></svg></figure>")
        }
    }
    out.append("</div>")
    return out
}

/// The search box over every picture of the page, with the app's screens to choose from.
func screenFinder(_ app: App) -> [String] {
    var out = ["<form class=\"finder no-print\" role=\"search\" onsubmit=\"return false\">"
               + "<label for=\"find-screen\">Find a screen</label> "
               + "<input id=\"find-screen\" type=\"search\" list=\"screen-list\" placeholder=\"ID or name, e.g. \(escapeMarkup(app.screens.first?.id ?? "HOME-001", attribute: true))\" autocomplete=\"off\"> "
               + "<button type=\"submit\" id=\"find-screen-go\">Find</button> <span id=\"find-screen-result\" class=\"muted\" role=\"status\"></span></form>"]
    out.append("<datalist id=\"screen-list\">")
    for screen in app.screens {
        out.append("<option value=\"\(escapeMarkup(screen.id, attribute: true))\">\(escapeMarkup(screen.name))</option>")
    }
    out.append("</datalist>")
    return out
}

let viewerStyle: [String] = [
    ".viewer { margin: .5rem 0; }",
    ".viewer .zoom button { min-width: 2.4rem; margin-right: .3rem; padding: .2rem .5rem; border: 1px solid var(--line); border-radius: 6px; background: var(--soft); cursor: pointer; font: inherit; }",
    ".viewer .zoom span { font-size: 85%; margin-left: .4rem; }",
    ".viewer .pan { overflow: auto; max-height: 78vh; border: 1px solid var(--line); border-radius: 6px; cursor: grab; touch-action: pan-x pan-y; }",
    ".viewer .pan:active { cursor: grabbing; }",
    // At its own size by default: shrinking a large picture to the page's width is what made its labels 4 px.
    ".viewer .pan svg.flow-picture { max-width: none; margin: 0; }",
    // Each neighbourhood at its own size too, one a row (two side by side shrank their labels to 6.5 px).
    "div.neighbourhoods { grid-template-columns: minmax(0, 1fr); } .neighbourhoods figure { overflow-x: auto; min-width: 0; } .neighbourhoods svg.flow-picture { max-width: none; }",
    "svg.flow-picture .found .frame { stroke: #0969da; stroke-width: 4; stroke-dasharray: none; }",
    "form.finder { margin: .6rem 0; } form.finder input { padding: .3rem .6rem; border: 1px solid var(--line); border-radius: 6px; font: inherit; min-width: min(18rem, 60vw); }",
    "form.finder button { padding: .3rem .8rem; border: 1px solid var(--line); border-radius: 6px; background: var(--soft); cursor: pointer; font: inherit; }",
    ".print-parts { display: none; }",
    // A phone (390 px): tables and links fit the width, the summary keeps a word on a line.
    "@media (max-width: 640px) {",
    "  body { padding: 0 .6rem; margin: .8rem auto; font-size: 14px; }",
    "  nav.contents { display: flex; flex-wrap: wrap; gap: .3rem .8rem; } nav.contents a { margin-right: 0; }",
    "  th, td { overflow-wrap: break-word; }",
    "  #summary table { width: 100%; } #summary th, #summary td { overflow-wrap: normal; padding: .3rem .35rem; }",
    "  #summary td:last-child, #summary th:last-child { display: none; }",
    "  table { display: block; overflow-x: auto; }",
    "  #summary table { display: table; }",
    "  ul.items { columns: 1; padding-left: 1rem; }",
    "  .viewer .zoom span { display: none; }",
    "  .viewer .pan { max-height: 65vh; }",
    "}",
    "@media print {",
    // Kept rendered, but with no height: the printed parts show pieces of its drawing, styled as it is styled.
    "  .viewer:has(+ .print-parts) { height: 0; overflow: hidden; margin: 0; }",
    "  .viewer .pan { overflow: visible; max-height: none; border: 0; }",
    "  .print-parts { display: block; }",
    "  .print-part { break-before: page; break-inside: avoid; margin: 0; }",
    "  .print-part svg.flow-picture { max-width: 100%; height: auto; }",
    "  .print-part figcaption { font-size: 10pt; font-weight: 600; margin-bottom: .3rem; }",
    "}",
]

let viewerScript: [String] = [
    "(function () {",
    "  var viewers = Array.prototype.slice.call(document.querySelectorAll('.viewer'));",
    "  function picture(viewer) { return viewer.querySelector('svg.flow-picture'); }",
    "  function natural(viewer) { return parseFloat(viewer.getAttribute('data-width')); }",
    "  function scaleOf(viewer) { return picture(viewer).getBoundingClientRect().width / natural(viewer); }",
    "  function zoomTo(viewer, scale, cx, cy) {",
    "    var pan = viewer.querySelector('.pan'), svg = picture(viewer);",
    "    var before = scaleOf(viewer);",
    "    scale = Math.max(0.1, Math.min(4, scale));",
    "    if (cx === undefined) { cx = pan.clientWidth / 2; cy = pan.clientHeight / 2; }",
    "    var x = (pan.scrollLeft + cx) / before, y = (pan.scrollTop + cy) / before;",
    "    svg.style.width = (natural(viewer) * scale) + 'px';",
    "    svg.style.height = 'auto';",
    "    pan.scrollLeft = x * scale - cx; pan.scrollTop = y * scale - cy;",
    "  }",
    "  viewers.forEach(function (viewer) {",
    "    var pan = viewer.querySelector('.pan');",
    "    viewer.querySelectorAll('[data-zoom]').forEach(function (button) {",
    "      button.addEventListener('click', function () {",
    "        var how = button.getAttribute('data-zoom'), scale = scaleOf(viewer);",
    "        if (how === 'in') zoomTo(viewer, scale * 1.25);",
    "        else if (how === 'out') zoomTo(viewer, scale / 1.25);",
    "        else if (how === 'reset') zoomTo(viewer, 1);",
    "        else zoomTo(viewer, Math.min(pan.clientWidth / natural(viewer), pan.clientHeight / parseFloat(viewer.getAttribute('data-height'))));",
    "      });",
    "    });",
    "    pan.addEventListener('wheel', function (event) {",
    "      if (!event.ctrlKey) return;",
    "      event.preventDefault();",
    "      var box = pan.getBoundingClientRect();",
    "      zoomTo(viewer, scaleOf(viewer) * (event.deltaY < 0 ? 1.1 : 1 / 1.1), event.clientX - box.left, event.clientY - box.top);",
    "    }, { passive: false });",
    "    var drag = null;",
    "    pan.addEventListener('pointerdown', function (event) {",
    "      if (event.button !== 0 || event.pointerType === 'touch') return;",
    "      drag = { x: event.clientX, y: event.clientY, left: pan.scrollLeft, top: pan.scrollTop, moved: false };",
    "    });",
    "    pan.addEventListener('pointermove', function (event) {",
    "      if (!drag) return;",
    "      var dx = event.clientX - drag.x, dy = event.clientY - drag.y;",
    "      if (Math.abs(dx) + Math.abs(dy) > 4) drag.moved = true;",
    "      pan.scrollLeft = drag.left - dx; pan.scrollTop = drag.top - dy;",
    "    });",
    "    window.addEventListener('pointerup', function () { setTimeout(function () { drag = null; }, 0); });",
    // A drag that moved is not a click on the screen it ended on.
    "    pan.addEventListener('click', function (event) { if (drag && drag.moved) { event.preventDefault(); } }, true);",
    "  });",
    "  function centre(viewer, node) {",
    "    var pan = viewer.querySelector('.pan'), box = node.getBBox(), scale = scaleOf(viewer);",
    "    pan.scrollLeft = (box.x + box.width / 2) * scale - pan.clientWidth / 2;",
    "    pan.scrollTop = (box.y + box.height / 2) * scale - pan.clientHeight / 2;",
    "  }",
    "  var input = document.getElementById('find-screen'), result = document.getElementById('find-screen-result');",
    "  if (!input) return;",
    "  function find() {",
    "    var query = input.value.trim().toLowerCase();",
    "    document.querySelectorAll('svg.flow-picture .found').forEach(function (node) { node.classList.remove('found'); });",
    "    if (!query) { result.textContent = ''; return; }",
    "    var options = Array.prototype.slice.call(document.querySelectorAll('#screen-list option'));",
    "    var match = options.filter(function (o) { return o.value.toLowerCase() === query; })[0]",
    "      || options.filter(function (o) { return (o.value + ' ' + o.textContent).toLowerCase().indexOf(query) >= 0; })[0];",
    "    if (!match) { result.textContent = 'No screen matches \\u201c' + input.value + '\\u201d.'; return; }",
    "    var id = match.value;",
    "    var node = viewers.map(function (viewer) {",
    "      var found = Array.prototype.slice.call(viewer.querySelectorAll('g.node[data-screen]')).filter(function (g) { return g.getAttribute('data-screen') === id; })[0];",
    "      return found ? { viewer: viewer, node: found } : null;",
    "    }).filter(Boolean)[0];",
    "    if (node) {",
    "      node.node.classList.add('found');",
    "      node.viewer.scrollIntoView({ block: 'start' });",
    "      centre(node.viewer, node.node);",
    "      result.textContent = id + ' \\u00b7 ' + match.textContent + ': centred in its flow\\u2019s picture.';",
    "    } else {",
    "      var row = document.getElementById('screen-' + id) || document.getElementById('around-' + id);",
    "      if (row) row.scrollIntoView({ block: 'center' });",
    "      result.textContent = id + ' \\u00b7 ' + match.textContent + ': its flow has no overview picture; shown in the list.';",
    "    }",
    "  }",
    "  document.getElementById('find-screen-go').addEventListener('click', find);",
    "  input.addEventListener('keydown', function (event) { if (event.key === 'Enter') { event.preventDefault(); find(); } });",
    "  input.addEventListener('change', find);",
    "})();",
]
