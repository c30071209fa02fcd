package playtest

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"fmt"
	"html"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/components"
	"github.com/go-echarts/go-echarts/v2/opts"
)

// echartsJS is Apache ECharts' echarts.min.js, gzipped (see echarts/README.md).
//
//go:embed echarts/echarts.min.js.gz
var echartsJS []byte

// inlineHost is the assets host the page is rendered with (a name that
// cannot resolve, RFC 2606); WriteHTML replaces the script element that
// loads echarts.min.js from it with the script itself.
const inlineHost = "https://inline.invalid/"

// WriteHTML writes r as one self-contained HTML page: the text summary and
// charts drawn by Apache ECharts (through go-echarts), whose script is in
// the page, so it opens offline. The charts: the length distribution, the
// outcomes, visits and branching per state, uses per transition and action,
// firings per clause (the last four only without Lite).
func (r Report) WriteHTML(w io.Writer) error {
	page := components.NewPage()
	page.SetPageTitle("Playtest: " + r.Pack)
	page.SetAssetsHost(inlineHost)
	page.AddCharts(r.lengthChart(), r.outcomeChart())
	if !r.Lite {
		page.AddCharts(
			bar("Visits per state", "state_entered and state_called events", r.Universe.States, r.Visits),
			r.branchingChart(),
			bar("Uses per transition", "never taken: "+strconv.Itoa(len(r.UnusedTransitions)), r.Universe.Transitions, r.Uses),
			bar("Uses per action", "never taken: "+strconv.Itoa(len(r.UnusedActions)), r.Universe.Actions, r.Actions),
			bar("Firings per clause", "never fired: "+strconv.Itoa(len(r.UnusedClauses)), r.Universe.Clauses, r.Firings))
	}
	var buf bytes.Buffer
	if err := page.Render(&buf); err != nil {
		return err
	}
	js, err := gunzip(echartsJS)
	if err != nil {
		return err
	}
	var text strings.Builder
	if err := r.WriteText(&text); err != nil {
		return err
	}
	out := buf.String()
	tag := `<script src="` + inlineHost + `echarts.min.js"></script>`
	if !strings.Contains(out, tag) {
		return fmt.Errorf("report: go-echarts wrote no %s to replace", tag)
	}
	out = strings.Replace(out, tag, "<script>"+string(js)+"</script>", 1)
	out = strings.Replace(out, "<body>", "<body>\n<pre>"+html.EscapeString(text.String())+"</pre>", 1)
	_, err = io.WriteString(w, out)
	return err
}

func gunzip(data []byte) ([]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(zr)
}

// bar is a bar chart of counts by key, in keys' order.
func bar(title, subtitle string, keys []string, counts map[string]int64) *charts.Bar {
	data := make([]opts.BarData, len(keys))
	for i, k := range keys {
		data[i] = opts.BarData{Value: counts[k]}
	}
	b := newBar(title, subtitle, keys).AddSeries("count", data)
	if len(keys) > 4 { // long names side by side overlap: one per row
		b.SetGlobalOptions(charts.WithGridOpts(opts.Grid{Left: "35%"}),
			charts.WithInitializationOpts(opts.Initialization{Width: "1000px", Height: fmt.Sprintf("%dpx", 120+28*len(keys)), ChartID: chartID(title)}))
		b.XYReversal()
		b.YAxisList[0].Inverse = opts.Bool(true) // first key on top, as in the text
	}
	return b
}

func newBar(title, subtitle string, x []string) *charts.Bar {
	b := charts.NewBar()
	b.SetGlobalOptions(
		charts.WithTitleOpts(opts.Title{Title: title, Subtitle: subtitle}),
		charts.WithTooltipOpts(opts.Tooltip{Show: opts.Bool(true), Trigger: "axis"}),
		charts.WithLegendOpts(opts.Legend{Show: opts.Bool(false)}),
		charts.WithInitializationOpts(opts.Initialization{Width: "1000px", Height: "420px", ChartID: chartID(title)}))
	b.SetXAxis(x)
	return b
}

func (r Report) lengthChart() *charts.Bar {
	lens := make([]int, 0, len(r.Lengths))
	for l := range r.Lengths {
		lens = append(lens, l)
	}
	sort.Ints(lens)
	x := make([]string, len(lens))
	data := make([]opts.BarData, len(lens))
	for i, l := range lens {
		x[i], data[i] = strconv.Itoa(l), opts.BarData{Value: r.Lengths[l]}
	}
	sub := fmt.Sprintf("actions per match: mean %.2f, stddev %.2f", r.MeanPlies, r.StdPlies)
	return newBar("Game length", sub, x).AddSeries("matches", data)
}

func (r Report) outcomeChart() *charts.Bar {
	var x []string
	var data []opts.BarData
	for i, w := range r.Wins {
		x = append(x, fmt.Sprintf("seat %d wins", i+1))
		data = append(data, opts.BarData{Value: w})
	}
	x = append(x, "draws", "errors")
	data = append(data, opts.BarData{Value: r.Draws}, opts.BarData{Value: r.ErrorCount()})
	sub := fmt.Sprintf("%d matches; first seat wins %.2f%%, 95%% CI [%.2f%%, %.2f%%]", r.Matches, 100*r.FirstSeat, 100*r.FirstSeatLow, 100*r.FirstSeatHigh)
	return newBar("Outcomes", sub, x).AddSeries("matches", data)
}

func (r Report) branchingChart() *charts.Bar {
	var x []string
	var data []opts.BarData
	for _, id := range r.Universe.States {
		if b, ok := r.Branching[id]; ok {
			x = append(x, id)
			data = append(data, opts.BarData{Value: b})
		}
	}
	return newBar("Branching factor", "mean legal actions per decision, by state", x).AddSeries("legal actions", data)
}

// chartID is the element id of the chart titled title: fixed, so that the
// page is the same bytes for the same report.
func chartID(title string) string {
	return "chart_" + strings.ToLower(strings.ReplaceAll(title, " ", "_"))
}
