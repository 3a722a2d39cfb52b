# SPDX-License-Identifier: Apache-2.0
"""Rendering the report from the stored fixtures."""

import json
import re
from pathlib import Path

import matplotlib.image
from conftest import FIXTURES
from matplotlib.backends.backend_agg import FigureCanvasAgg
from zucreport.charts import DOCUMENT_COLOUR, OURS_COLOURS, _figure, _finish, titles
from zucreport.cli import main
from zucreport.select import is_zuc

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
EXPECTED_CHARTS = {
    "mac-ratio", "mac-time", "ablation-single", "ablation-table13", "ablation-table15",
    "speed-128-eea3", "speed-zuc-256", "speed-128-eia3", "speed-zuc-256-mac32",
    "speed-zuc-256-mac64", "speed-zuc-256-mac128", "estream-stream", "estream-packets",
    "embedded-figure5", "embedded-block-size", "embedded-throughput",
}
CIPHER_CHARTS = {"estream-stream": "Keystream speed of every cipher",
                 "estream-packets": "Packet speed of every cipher"}
TABLE_TITLES = (
    "Table 3: Init and Stream", "Table 4: TSC ticks/byte of x-byte messages, setup included",
    "Table 5: µs per MAC, one message per call, by message size (bytes)",
    "Table 6: speed relative to 128-EIA3 (same backend)",
    "Table 13 (combinations of methods): zuc-128", "Each method alone: zuc-128",
    "Table 13 (combinations of methods): zuc-256",
    "Table 14: is each method effective, alone and combined? zuc-128",
    "Table 15: encryption, bits per TSC tick by message size: zuc-128",
    "128-eea3: TSC ticks/byte by message size (bytes)", "Machine, build and method", "Inputs",
    "Table 2: latency and resources of every configuration",
    "Block size and throughput (MB/s): does a larger block encrypt faster, as the third "
    "document found?",
)


def test_every_chart_is_a_decodable_png(rendered: Path):
    charts = sorted((rendered / "charts").glob("*.png"))
    assert {p.stem for p in charts} == EXPECTED_CHARTS | {"summary-headline"}
    for chart in charts:
        assert chart.read_bytes().startswith(PNG_SIGNATURE), chart
        pixels = matplotlib.image.imread(chart)
        assert pixels.shape[0] > 200 and pixels.shape[1] >= 1600, chart


def test_up_to_18_contenders_get_distinct_colours():
    assert len(set(OURS_COLOURS)) == len(OURS_COLOURS) >= 18
    assert DOCUMENT_COLOUR not in OURS_COLOURS


def test_the_legend_of_a_size_chart_is_beside_the_plot():
    figure, (axes,) = _figure()
    axes.plot([1, 2], [1, 2], label="a")
    _finish(axes, "t", "y")
    figure.canvas.draw()
    legend = axes.get_legend().get_window_extent()
    assert legend.x0 >= axes.get_window_extent().x1


def test_every_title_lies_inside_its_image(report):
    charts = [chart for section in report.sections for chart in section.charts]
    assert {chart.slug for chart in charts} == EXPECTED_CHARTS
    for chart in charts:
        figure = chart.figure
        renderer = FigureCanvasAgg(figure).get_renderer()
        figure.draw_without_rendering()
        frame = figure.bbox
        assert titles(figure), chart.slug
        for text in titles(figure):
            box = text.get_window_extent(renderer)
            inside = (frame.x0 <= box.x0 and box.x1 <= frame.x1
                      and frame.y0 <= box.y0 and box.y1 <= frame.y1)
            assert inside, (chart.slug, text.get_text(), box.bounds, frame.bounds)


def test_html_pages_have_the_tables_and_the_charts_as_files_beside_them(rendered: Path):
    pages = {p.name: p.read_text(encoding="utf-8") for p in rendered.glob("*.html")}
    assert set(pages) == {"index.html", "embedded.html"}
    html = "".join(pages.values())
    for title in TABLE_TITLES:
        assert f"<caption>{title}</caption>" in html, title
    sources = re.findall(r'<img [^>]*src="([^"]+)"', html)
    assert {Path(s).stem for s in sources} == EXPECTED_CHARTS | {"summary-headline"}
    assert all((rendered / s).is_file() for s in sources)
    assert "data:image" not in html
    assert sum(len(page.encode("utf-8")) for page in pages.values()) < 3_000_000
    # the embedded suite's hundreds of rows are on their own page, linked from the contents
    assert "Table 2: latency" not in pages["index.html"]
    assert 'href="embedded.html#embedded"' in pages["index.html"]
    assert 'class="document"' in html
    assert "another machine" in html


def test_the_summary_comes_first_with_anchored_contents(rendered: Path):
    html = (rendered / "index.html").read_text(encoding="utf-8")
    summary, contents = html.index('<section id="summary">'), html.index('<nav id="contents">')
    assert summary < contents < html.index("<caption>Table 3: Init and Stream")
    for target in re.findall(r'<a href="#([^"]+)"', html):
        assert f'id="{target}"' in html, target
    for mode in ("one message per call (latency)", "many messages per call (throughput)"):
        assert f"<caption>Summary, {mode}</caption>" in html


def test_markdown_has_the_tables_and_links_every_chart(rendered: Path):
    markdown = (rendered / "README.md").read_text(encoding="utf-8")
    for title in TABLE_TITLES:
        assert f"**{title}**" in markdown, title
    links = re.findall(r"!\[[^]]*\]\(([^)]+)\)", markdown)
    assert {Path(link).stem for link in links} == EXPECTED_CHARTS | {"summary-headline"}
    assert all((rendered / link).is_file() for link in links)
    # the published figures, in the appendix, as published
    assert "| 128-eea3 | cycles/byte | 258.75 | 142.75 | 118.92 |" in markdown


def test_tables_mirror_the_results(rendered: Path):
    markdown = (rendered / "README.md").read_text(encoding="utf-8")
    # Table 6, the document's ratio for the 32-bit ZUC-256 MAC
    assert re.search(r"\| zuc-256-mac32 : 128-eia3 \| [0-9.]+ \| [0-9.]+ \| 0\.905 \|", markdown)
    # Table 13 from the ablation fixture: 3.3571 Gbps is +332.6% over the baseline's 0.776;
    # the document's 4.22 over its 0.716, +489.4%
    assert "| call+compile+lazy+sbox1 | 3.36 (2.76-3.74) | +332.6% | +489.4% |" in markdown
    assert "| libzuc-scalar-v3 | 3.44 (2.98-4.21) | +343.1% | n/a |" in markdown


def test_per_size_cells_show_the_spread_beside_the_median(rendered: Path):
    markdown = (rendered / "README.md").read_text(encoding="utf-8")
    speed = json.loads((FIXTURES / "speed.json").read_text())["results"]
    row = next(r for r in speed if r["configuration"] == "message" and r["q1"] < r["q3"] < 100)
    cell = f"{row['median']:.2f} ({row['q1']:.2f}-{row['q3']:.2f})"
    assert cell in markdown
    assert "Each cell: the median of the repeats, then (first quartile-third quartile)." \
        in markdown


def test_no_temporary_files_are_left(rendered: Path):
    leftovers = [p for p in rendered.rglob("*") if p.name.endswith(".tmp")]
    assert leftovers == []


def test_only_charts_with_data_are_drawn_and_absent_suites_are_named(tmp_path: Path):
    assert main(["--out", str(tmp_path), str(FIXTURES / "mac.json")]) == 0
    assert {p.stem for p in (tmp_path / "charts").glob("*.png")} == {"mac-ratio", "mac-time",
                                                                     "summary-headline"}
    html = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert "No results in these inputs for: estream, ablation, speed, embedded." in html
    assert "Table 3" not in html


def test_a_new_render_removes_charts_it_did_not_draw(tmp_path: Path):
    (tmp_path / "charts").mkdir()
    (tmp_path / "charts" / "speed-128-eea3.png").write_bytes(PNG_SIGNATURE)
    assert main(["--out", str(tmp_path), str(FIXTURES / "ablation.json")]) == 0
    charts = {p.stem for p in (tmp_path / "charts").glob("*.png")}
    assert charts == {"ablation-single", "ablation-table13", "ablation-table15"}


def test_the_same_results_render_the_same_bytes(tmp_path: Path):
    first, second = tmp_path / "a", tmp_path / "b"
    for out in (first, second):
        assert main(["--out", str(out), str(FIXTURES / "ablation.json")]) == 0
    for name in ("index.html", "README.md", "charts/ablation-table15.png"):
        assert (first / name).read_bytes() == (second / name).read_bytes(), name


def test_the_cipher_charts_are_pngs_shown_in_both_pages(rendered: Path):
    html = (rendered / "index.html").read_text(encoding="utf-8")
    markdown = (rendered / "README.md").read_text(encoding="utf-8")
    for slug, title in CIPHER_CHARTS.items():
        png = (rendered / "charts" / f"{slug}.png").read_bytes()
        assert png.startswith(PNG_SIGNATURE), slug
        height, width, _ = matplotlib.image.imread(rendered / "charts" / f"{slug}.png").shape
        assert height > 400 and width >= 1000, slug
        assert f'src="charts/{slug}.png"' in html, slug
        assert re.search(rf"<figcaption>{title}[^<]*</figcaption>", html), slug
        assert re.search(rf"!\[{title}[^]]*\]\(charts/{slug}\.png\)", markdown), slug


def test_per_size_charts_are_drawn_for_zuc_only(rendered: Path):
    per_algorithm = [p.stem.removeprefix("speed-")
                     for p in (rendered / "charts").glob("speed-*.png")]
    assert per_algorithm and all(is_zuc(algorithm) for algorithm in per_algorithm)


def _contender_labels(results: list[dict]) -> set[str]:
    return {f"{r['algorithm']} [document] {r['implementation']}" if r["backend"] == "document"
            else f"{r['algorithm']} {r['backend']}-{r['implementation']}" for r in results}


def test_the_estream_tables_show_every_cipher(rendered: Path):
    markdown = (rendered / "README.md").read_text(encoding="utf-8")
    table3 = markdown[markdown.index("**Table 3"):markdown.index("**Table 4")]
    table4 = markdown[markdown.index("**Table 4"):markdown.index("**Table 5")]
    results = json.loads((FIXTURES / "estream.json").read_text())["results"]
    measured = [r for r in results if r["backend"] != "document"]
    with_stream = [r for r in measured if r["configuration"] in ("init", "stream")]
    assert len({r["algorithm"] for r in measured}) >= 8
    for label in _contender_labels(with_stream):
        assert label in table3, label
    for label in _contender_labels(measured):
        assert label in table4, label
    # the document's figures are in the appendix, never rows of these
    assert "[document]" not in table3.split("\n\n")[1] + table4.split("\n\n")[1]


def test_panels_drawn_alike_share_one_legend_each_entry_once(report):
    charts = {c.slug: c for s in report.sections for c in s.charts}
    figure = charts["ablation-table13"].figure
    panels = [axes for axes in figure.axes if axes.get_visible()]
    assert len(panels) == 2 and not any(axes.get_legend() for axes in panels)
    (legend,) = figure.legends
    labels = [text.get_text() for text in legend.get_texts()]
    assert labels == ["ours", "[document] Intel Core i7-8750H, gcc: gain over its own baseline"]


def test_the_consistency_table_says_its_repeats(report):
    section = next(s for s in report.sections if s.anchor == "consistency")
    for table in section.tables:
        assert any(note.startswith("Repeats per cell: ") for note in table.notes)
