#!/usr/bin/env bash
# The page of `angler serve` in a real browser (Debian's chromium, headless):
# opens a Fishing game, steps 10 plies with the arrow key, adds a comment and
# a variation and finds them in the store, writes a scenario, plays moves against bots (tools/web/selftest.js),
# then screenshots a trick, a Fat Fish row being taken and a search card and
# checks that none is blank. Exits 77 (CTest: skipped) when chromium cannot be
# had. Usage: browser_test.sh ANGLER OUTPUT_DIR
set -euo pipefail
angler="$1"
out="$2"
chrome="$(command -v chromium || command -v chromium-browser || true)"
if [ -z "$chrome" ]; then
  echo "SKIP: chromium is not installed and tools/test.sh could not install it" >&2
  exit 77
fi
mkdir -p "$out"
db="$out/browser_test.db"
rm -f "$db" "$db-wal" "$db-shm" "$out"/*.png
# The three games the page shows; what went wrong is shown if one fails.
record() {
  "$angler" sim "$@" --record --db "$db" >"$out/record.log" 2>&1 ||
    { echo "FAIL: angler sim $* --record (exit $?):" >&2; cat "$out/record.log" >&2; exit 1; }
}
record fishing --players 4 --games 1 --seed 1
record fatfish --players 3 --games 1 --seed 2
record falscher-hering --players 3 --games 1 --seed 2 --bots spot:careful

"$angler" serve --port 0 --db "$db" >"$out/serve.out" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 50); do grep -q http "$out/serve.out" && break; sleep 0.1; done
url="$(grep -o -m1 'http://[^ ]*' "$out/serve.out")"
[ -n "$url" ] || { echo "FAIL: the server printed no URL" >&2; cat "$out/serve.out" >&2; exit 1; }
browse() {
  timeout 120 "$chrome" --headless --no-sandbox --disable-gpu --hide-scrollbars \
    --user-data-dir="$out/profile" "$@" 2>/dev/null
}

# The walk through a game and a play, driven inside the page.
browse --virtual-time-budget=60000 --dump-dom "${url}?selftest=1#/game/1" >"$out/selftest.html"
result="$(sed -n '/id="selftest"/,/<\/pre>/p' "$out/selftest.html")"
echo "$result"
# Outputs are read whole before grep: `cmd | grep -q` under pipefail fails
# when grep stops reading before cmd has written everything.
grep -q PASS <<<"$result" || { echo "FAIL: the page's walk did not pass" >&2; exit 1; }
shown="$("$angler" replay show 1 --ply 10 --db "$db")"
grep -q "{seen in the browser} !?" <<<"$shown" \
  || { echo "FAIL: the comment is not in the store" >&2; exit 1; }
echo "the comment is in the store"
grep -q "^variation [0-9]* from here" <<<"$shown" \
  || { echo "FAIL: the variation is not in the store" >&2; exit 1; }
echo "the variation is in the store"

# The plies to photograph, found through the API.
plies="$(python3 - "$url" <<'PY'
import json, re, sys, urllib.request
url = sys.argv[1]
get = lambda p: json.load(urllib.request.urlopen(url + p.lstrip("/")))
trick = next(p for p in range(1, get("/api/games/1")["plies"] + 1)
             if len(get(f"/api/games/1/view?ply={p}")["view"]["trick"]) >= 2)
row = next(p["ply"] for p in get("/api/games/2/events")["plies"]
           if any(re.match(r"row \d+ -> ", l) for l in p["lines"]))
search = next(p for p in range(1, get("/api/games/3")["plies"] + 1)
              if get(f"/api/games/3/view?ply={p}")["picture"])
print(trick, row, search)
PY
)"
read -r trick row search <<<"$plies"
shots=("1?ply=$trick:trick" "2?ply=$row:row-taken" "3?ply=$search:search-card")
for shot in "${shots[@]}"; do
  name="${shot##*:}"
  browse --window-size=1400,1000 --virtual-time-budget=10000 \
    --screenshot="$out/$name.png" "${url}#/game/${shot%%:*}" >/dev/null
done

# Not blank: each picture has many colours (the cards, the table, the text).
python3 - "$out"/trick.png "$out"/row-taken.png "$out"/search-card.png <<'PY'
import struct, sys, zlib
for path in sys.argv[1:]:
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path + ": not a PNG"
    pos, idat, width, height, bpp = 8, b"", 0, 0, 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", chunk[:10])
            bpp = {2: 3, 6: 4}[colour]
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + n
    raw = zlib.decompress(idat)
    stride = width * bpp + 1
    # Rows are filtered; the raw bytes of the board's rows still vary a lot
    # unless the picture is one colour.
    colours = set()
    for y in range(0, height, 7):
        row = raw[y * stride + 1:(y + 1) * stride]
        colours.update(row[i:i + 3] for i in range(0, len(row), bpp * 5))
    print(f"{path}: {width}x{height}, {len(colours)} distinct samples")
    assert len(colours) > 100, path + " looks blank"
PY
echo "PASS: browser test"
