/// The page at `/`: what is running, the imported area, the current release's heat drawn on a
/// canvas, and a search box. Self-contained: inline CSS and script, system fonts, no requests
/// but to this server.
enum WebPage {
    /// The HTML.
    static let html = #"""
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
        canvas { width: 100%; background: #13242f; border-radius: 8px; display: block; }
        form { display: flex; gap: 8px; margin: 12px 0; }
        input { flex: 1; padding: 8px; border-radius: 6px; border: 1px solid #2c4554; background: #13242f; color: inherit; }
        button { padding: 8px 14px; border-radius: 6px; border: 0; background: #2a8c82; color: white; }
        li { margin: 4px 0; }
        .muted { color: #9fb4c0; }
        </style>
        </head>
        <body>
        <header>
        <h1>Loci server: Tidepool heat and places</h1>
        <div id="status">loading…</div>
        </header>
        <main>
        <canvas id="map" width="960" height="560" data-heat-tiles="0"></canvas>
        <p id="heat-note" class="muted"></p>
        <form id="search"><input id="q" name="q" placeholder="Search places (kahvila, Ateneum, museum…)" autocomplete="off"><button>Search</button></form>
        <ol id="results"></ol>
        </main>
        <script>
        "use strict";
        let area = null, heatTiles = [], places = [];
        const canvas = document.getElementById("map"), ctx = canvas.getContext("2d");
        function project(lat, lon) {
          const [s, w, n, e] = area;
          return [(lon - w) / (e - w) * canvas.width, (n - lat) / (n - s) * canvas.height];
        }
        function draw() {
          ctx.clearRect(0, 0, canvas.width, canvas.height);
          if (!area) return;
          for (const t of heatTiles) {
            const [x0, y0] = project(t.bounds[2], t.bounds[1]), [x1, y1] = project(t.bounds[0], t.bounds[3]);
            ctx.fillStyle = `rgba(255, ${Math.round(180 - 150 * t.intensity)}, 60, ${t.intensity})`;
            ctx.fillRect(x0, y0, Math.max(1, x1 - x0), Math.max(1, y1 - y0));
          }
          ctx.fillStyle = "#7fd3ff";
          for (const p of places) { const [x, y] = project(p.lat, p.lon); ctx.beginPath(); ctx.arc(x, y, 4, 0, 7); ctx.fill(); }
          canvas.dataset.heatTiles = String(heatTiles.length);
        }
        async function refresh() {
          const health = await (await fetch("/health")).json();
          const b = health.places.bounds;
          area = b ? b : [60.15, 24.9, 60.2, 25.0];
          document.getElementById("status").textContent =
            `running · ${health.places.count} places from ${health.places.source} · storage ${health.storage} · epoch ${health.current_epoch} (${health.epoch_seconds} s)`;
          const response = await fetch("/v1/tiles/heat", { method: "POST", headers: { "content-type": "application/json" },
            body: JSON.stringify({ south: area[0], west: area[1], north: area[2], east: area[3] }) });
          const heat = await response.json();
          heatTiles = heat.tiles || [];
          const m = heat.meta;
          document.getElementById("heat-note").textContent = heatTiles.length
            ? `${heatTiles.length} released tiles from ${m.live_releases.length} release(s); k_min ${m.k_min}, τ ${m.levels[0].tau}, ε ${m.epoch_epsilon} per person per epoch`
            : `no released heat yet (a tile needs about ${m.levels[0].tau} people in one epoch); run loci tidepool simulate --server ${location.origin}`;
          draw();
        }
        async function search() {
          const q = document.getElementById("q").value.trim();
          if (!q || !area) return;
          const lat = (area[0] + area[2]) / 2, lon = (area[1] + area[3]) / 2;
          const answer = await (await fetch(`/v1/places/search?q=${encodeURIComponent(q)}&lat=${lat}&lon=${lon}&limit=10`)).json();
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
        const initial = new URLSearchParams(location.search).get("q");
        refresh().then(() => { if (initial) { document.getElementById("q").value = initial; search(); } });
        setInterval(refresh, 10000);
        </script>
        </body>
        </html>
        """#
}
