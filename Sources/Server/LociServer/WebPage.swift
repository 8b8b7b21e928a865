import GeoKit

/// The page at `/`: what is running, the imported area drawn from the place store's base tiles
/// (`/v1/tiles/base`) with the live releases' heat over it as the server's PNG heat tiles
/// (`/v1/tiles/{z}/{x}/{y}.png`), search results marked, and a
/// search box. Self-contained: inline CSS and script, system fonts, no requests but to this server.
///
/// The map is Web Mercator; `?lat=&lon=&z=` fix its centre and zoom (10–19), otherwise it fits
/// the imported area. The canvas's `data-lat`, `data-lon`, `data-zoom`, `data-left`, `data-top`,
/// `data-base-tiles`, `data-heat-tiles` (released tiles in view), `data-heat-images` (heat PNG
/// tiles drawn) and `data-markers` say what it shows and where, so a
/// test can compute where a coordinate lands on a screenshot.
enum WebPage {
    /// The HTML: ``template`` with the heat legend (``HeatTileRenderer/legend(model:palette:)``)
    /// written in; the heat over the map is the server's own PNG tiles (`/v1/tiles/{z}/{x}/{y}.png`,
    /// the blended field), so the page's colours and its legend come from the renderer, not a
    /// second drawing.
    static let html = template
        .replacingOccurrences(of: "/*LEGEND*/[]", with: legendJSON(HeatTileRenderer.legend()))
        .replacingOccurrences(of: "/*EDGE*/150", with: "\(Int(GridTiler.standard.baseEdgeMeters))")

    /// `[{"people": n, "rgba": [r, g, b, a]}, …]`.
    static func legendJSON(_ entries: [HeatTileRenderer.LegendEntry]) -> String {
        "[" + entries.map { #"{"people":\#($0.people),"rgba":[\#($0.rgba.map(String.init).joined(separator: ","))]}"# }
            .joined(separator: ",") + "]"
    }

    /// The page with placeholders for the legend, the palette's top and the base edge.
    static let template = #"""
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Loci server</title>
        <style>
        body { font-family: system-ui, sans-serif; margin: 0; background: #0e1a22; color: #e6eef2; }
        header, main { max-width: 960px; margin: 0 auto; padding: 12px 16px; }
        h1 { font-size: 1.3rem; margin: 0 0 4px; }
        #status { color: #9fb4c0; font-size: 0.9rem; }
        canvas { width: 100%; height: 560px; background: #13242f; border-radius: 8px; display: block; }
        form { display: flex; gap: 8px; margin: 12px 0; }
        input { flex: 1; padding: 8px; border-radius: 6px; border: 1px solid #2c4554; background: #13242f; color: inherit; }
        button { padding: 8px 14px; border-radius: 6px; border: 0; background: #2a8c82; color: white; }
        li { margin: 4px 0; }
        .muted { color: #9fb4c0; }
        #legend { display: flex; flex-wrap: wrap; gap: 10px; align-items: center; font-size: 0.9rem; color: #9fb4c0; }
        #legend .swatch { display: inline-block; width: 18px; height: 12px; border-radius: 2px; vertical-align: middle; margin-right: 4px; background: #13242f; }
        </style>
        </head>
        <body>
        <header>
        <h1>Loci server: Tidepool heat and places</h1>
        <div id="status">loading…</div>
        </header>
        <main>
        <canvas id="map" width="960" height="560" data-heat-tiles="0"></canvas>
        <p id="base-note" class="muted"></p>
        <div id="legend"></div>
        <p id="heat-note" class="muted"></p>
        <form id="search"><input id="q" name="q" placeholder="Search places (kahvila, Ateneum, museum…)" autocomplete="off"><button>Search</button></form>
        <ol id="results"></ol>
        </main>
        <script>
        "use strict";
        // The map is Web Mercator (the XYZ scheme of /v1/tiles/base and /v1/tiles/{z}/{x}/{y}.png):
        // view = centre and zoom, from ?lat=&lon=&z= or fitted to the imported area; the canvas
        // is one CSS pixel per canvas pixel. The view is written into the canvas's data-* attributes.
        const TILE = 256, BASE_ZOOMS = [12, 19], HEAT_ZOOMS = [10, 18];
        // What a colour means in people (HeatTileRenderer.legend) and the base tile's edge, written
        // in by the server; the heat itself is the server's PNG tiles.
        const LEGEND = /*LEGEND*/[], EDGE = /*EDGE*/150;
        function drawLegend() {
          const legend = document.getElementById("legend");
          const label = document.createElement("span");
          label.textContent = `Heat: people reporting in a ${EDGE} m square in one epoch (a noisy count)`;
          legend.replaceChildren(label, ...LEGEND.map((entry) => {
            const item = document.createElement("span");
            const swatch = document.createElement("span");
            swatch.className = "swatch";
            const [r, g, b, a] = entry.rgba;
            swatch.style.background = `rgba(${r}, ${g}, ${b}, ${(a / 255).toFixed(3)})`;
            item.append(swatch, `${entry.people}${entry === LEGEND[LEGEND.length - 1] ? "+" : ""}`);
            return item;
          }));
        }
        drawLegend();
        let area = null, view = null, heatTiles = [], places = [], baseNote = "", heatVersion = "";
        // Map tiles by URL: the base map's, and the server's heat PNGs (/v1/tiles/{z}/{x}/{y}.png,
        // the blended field MKTileOverlay shows), fetched again whenever the live releases change.
        const baseImages = new Map(), heatImages = new Map();
        const params = new URLSearchParams(location.search);
        const canvas = document.getElementById("map"), ctx = canvas.getContext("2d");
        function worldX(lon, z) { return (lon + 180) / 360 * TILE * 2 ** z; }
        function worldY(lat, z) {
          const r = lat * Math.PI / 180;
          return (1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2 * TILE * 2 ** z;
        }
        function project(lat, lon) { return [worldX(lon, view.z) - view.x0, worldY(lat, view.z) - view.y0]; }
        function number(name) { const v = params.get(name); return v === null || v === "" ? NaN : Number(v); }
        function makeView() {
          canvas.width = Math.max(1, Math.round(canvas.clientWidth));
          canvas.height = 560;
          const [s, w, n, e] = area;
          let lat = number("lat"), lon = number("lon"), z = Math.round(number("z"));
          if (!(Math.abs(lat) <= 85)) lat = (s + n) / 2;
          if (!(Math.abs(lon) <= 180)) lon = (w + e) / 2;
          if (!(z >= 10 && z <= 19)) {
            const fit = Math.min(canvas.width / Math.max(1e-9, worldX(e, 0) - worldX(w, 0)),
              canvas.height / Math.max(1e-9, worldY(s, 0) - worldY(n, 0)));
            z = Math.max(12, Math.min(18, Math.floor(Math.log2(fit))));
          }
          view = { lat, lon, z, x0: worldX(lon, z) - canvas.width / 2, y0: worldY(lat, z) - canvas.height / 2 };
          const rect = canvas.getBoundingClientRect();
          Object.assign(canvas.dataset, { lat: String(lat), lon: String(lon), zoom: String(z),
            left: String(rect.left + scrollX), top: String(rect.top + scrollY) });
        }
        function baseTiles() {
          if (view.z < BASE_ZOOMS[0] || view.z > BASE_ZOOMS[1] || baseNote) return [];
          return visibleTiles();
        }
        function visibleTiles() {
          const n = 2 ** view.z, tiles = [];
          for (let ty = Math.floor(view.y0 / TILE); ty * TILE < view.y0 + canvas.height; ty++) {
            for (let tx = Math.floor(view.x0 / TILE); tx * TILE < view.x0 + canvas.width; tx++) {
              if (tx >= 0 && ty >= 0 && tx < n && ty < n) tiles.push([tx, ty]);
            }
          }
          return tiles;
        }
        // Draws the map tile at `url` (loaded once, then from `cache`); whether it was drawn.
        function drawTile(cache, url, tx, ty) {
          let image = cache.get(url);
          if (!image) {
            image = new Image();
            image.onload = draw;
            image.src = url;
            cache.set(url, image);
          }
          if (!(image.complete && image.naturalWidth)) return false;
          // Whole canvas pixels, so the overlay's pixels sit on the base map's.
          ctx.drawImage(image, Math.round(tx * TILE - view.x0), Math.round(ty * TILE - view.y0));
          return true;
        }
        function draw() {
          ctx.clearRect(0, 0, canvas.width, canvas.height);
          if (!view) return;
          let drawn = 0, heatDrawn = 0;
          for (const [tx, ty] of baseTiles()) {
            if (drawTile(baseImages, `/v1/tiles/base/${view.z}/${tx}/${ty}.png`, tx, ty)) drawn++;
          }
          // The heat is the server's own PNG tiles over the base map (the same blended field a
          // map app overlays), only where some tile was released.
          if (heatTiles.length && view.z >= HEAT_ZOOMS[0] && view.z <= HEAT_ZOOMS[1]) {
            for (const [tx, ty] of visibleTiles()) {
              if (drawTile(heatImages, `/v1/tiles/${view.z}/${tx}/${ty}.png?v=${heatVersion}`, tx, ty)) heatDrawn++;
            }
          }
          ctx.lineWidth = 2;
          ctx.strokeStyle = "#0e1a22";
          ctx.fillStyle = "#7fd3ff";
          for (const p of places) {
            const [x, y] = project(p.lat, p.lon);
            ctx.beginPath(); ctx.arc(x, y, 6, 0, 7); ctx.fill(); ctx.stroke();
          }
          Object.assign(canvas.dataset, { heatTiles: String(heatTiles.length), heatImages: String(heatDrawn),
            baseTiles: String(drawn), markers: String(places.length) });
        }
        async function checkBaseMap() {
          // One tile tells whether the store has the base map (404 names the fix: re-import).
          const tiles = baseTiles();
          if (!tiles.length) return;
          const answer = await fetch(`/v1/tiles/base/${view.z}/${tiles[0][0]}/${tiles[0][1]}.png`);
          if (answer.status === 404) baseNote = (await answer.json()).message;
          document.getElementById("base-note").textContent = baseNote;
        }
        // The guarantee as /v1/privacy states it (the heat answer's meta is that statement):
        // its day ε and δ, rounded, in its own unit and window.
        function guarantee(m) {
          return `ε ${Number(m.day_epsilon).toFixed(1)}, δ ${Number(m.day_delta).toExponential(1)} ${m.unit}`;
        }
        async function refresh() {
          const health = await (await fetch("/health")).json();
          const b = health.places.bounds;
          const first = !area;
          area = b ? b : [60.15, 24.9, 60.2, 25.0];
          if (first) { makeView(); await checkBaseMap(); }
          document.getElementById("status").textContent =
            `running · ${health.places.count} places from ${health.places.source} · storage ${health.storage} · epoch ${health.current_epoch} (${health.epoch_seconds} s)`;
          const span = [view.x0, view.y0, view.x0 + canvas.width, view.y0 + canvas.height];
          const lat = (y) => 180 / Math.PI * Math.atan(Math.sinh(Math.PI * (1 - 2 * y / (TILE * 2 ** view.z))));
          const lon = (x) => x / (TILE * 2 ** view.z) * 360 - 180;
          const box = { south: Math.max(-85, lat(span[3])), west: Math.max(-180, lon(span[0])),
            north: Math.min(85, lat(span[1])), east: Math.min(180, lon(span[2])) };
          const response = await fetch("/v1/tiles/heat", { method: "POST", headers: { "content-type": "application/json" },
            body: JSON.stringify(box) });
          const heat = await response.json();
          heatTiles = heat.tiles || [];
          const m = heat.meta;
          const version = m ? m.live_releases.join("-") : "";
          if (version !== heatVersion) { heatVersion = version; heatImages.clear(); }
          document.getElementById("heat-note").textContent = !m ? (heat.message || "")
            : heatTiles.length
            ? `${heatTiles.length} released tiles from ${m.live_releases.length} release(s); ${guarantee(m)}`
            : `no released heat yet; ${guarantee(m)}; run loci tidepool simulate --server ${location.origin}`;
          draw();
        }
        async function search() {
          const q = document.getElementById("q").value.trim();
          if (!q || !view) return;
          const answer = await (await fetch(`/v1/places/search?q=${encodeURIComponent(q)}&lat=${view.lat}&lon=${view.lon}&limit=10`)).json();
          places = answer.results || [];
          const list = document.getElementById("results");
          list.replaceChildren(...places.map((p) => {
            const li = document.createElement("li");
            li.className = "result";
            li.textContent = `${p.name || p.id} · ${p.category}` + (p.distance_m != null ? ` · ${Math.round(p.distance_m)} m` : "");
            return li;
          }));
          draw();
        }
        document.getElementById("search").addEventListener("submit", (event) => { event.preventDefault(); search(); });
        const initial = params.get("q");
        refresh().then(() => { if (initial) { document.getElementById("q").value = initial; search(); } });
        setInterval(refresh, 10000);
        </script>
        </body>
        </html>
        """#
}
