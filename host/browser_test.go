package host

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserPlaysHearts opens the four seats' links of a Hearts match in
// Chromium (chromedp), one tab each, and plays by clicking what each page
// rings on its table: three cards to give, then Take; a card to play. It
// plays RULESTUDIO_BROWSER_MOVES moves (60 by default: the cards given and
// the first tricks; "end" plays to the match's end, some 650 moves) and
// checks that every click moved the match and that each page showed its own
// hand face up. Without Chromium it skips (fails under RULESTUDIO_STRICT=1);
// scripts/deps installs it.
func TestBrowserPlaysHearts(t *testing.T) {
	bin, err := exec.LookPath("chromium")
	if err != nil {
		if os.Getenv("RULESTUDIO_STRICT") == "1" {
			t.Fatal("chromium is not installed (scripts/deps installs it)")
		}
		t.Skip("chromium is not installed (scripts/deps installs it; RULESTUDIO_STRICT=1 makes this a failure)")
	}
	if testing.Short() {
		t.Skip("drives a browser")
	}
	moves := 60
	if s := os.Getenv("RULESTUDIO_BROWSER_MOVES"); s == "end" {
		moves = 1 << 30
	} else if s != "" {
		moves, _ = strconv.Atoi(s)
	}
	ts := startServer(t, "hearts", "human,human,human,human", 1, "")
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(bin), chromedp.NoSandbox, chromedp.WindowSize(1000, 900))
	alloc, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancel()
	browser, cancel := chromedp.NewContext(alloc)
	defer cancel()
	if err := chromedp.Do(browser); err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	tabs := make([]context.Context, 5)
	for s := 1; s <= 4; s++ {
		tab, cancel := chromedp.NewContext(browser)
		defer cancel()
		tabs[s] = tab
		url := fmt.Sprintf("%s/play#m=1&t=%s", ts.url, ts.tokens[0][s])
		if err := chromedp.Do(tab, chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS("#picture"))); err != nil {
			t.Fatalf("seat %d: %v", s, err)
		}
		for {
			if loaded, err := chromedp.Run(tab, chromedp.Evaluate[bool](`state !== null`)); err != nil || loaded {
				break
			}
			time.Sleep(20 * time.Millisecond)
		}
		// The page shows its own hand by face and the others' as backs.
		hands, err := chromedp.Run(tab, chromedp.Evaluate[[]int](`state.scene.areas.filter(a => a.seat).map(a =>
			a.locations.filter(l => l.name === "hand").flatMap(l => l.cards).filter(c => !c.hidden).length)`))
		if err != nil {
			t.Fatal(err)
		}
		for k, n := range hands {
			if own := k == 0; own != (n > 0) {
				t.Errorf("seat %d's page sees %d faces in the hand of the area %d round the table", s, n, k)
			}
		}
	}
	for n := 0; n < moves; n++ {
		before := ts.ms[0].snap.Load()
		if before.over {
			t.Logf("the match ended after %d moves clicked", n)
			break
		}
		seat := 0
		for s := 1; s <= 4 && seat == 0; s++ {
			if vw, err := before.view(s); err == nil && len(vw.state.Actions) > 0 {
				seat = s
			}
		}
		if seat == 0 {
			t.Fatalf("move %d: no seat can act", n)
		}
		if err := clickMove(tabs[seat], before.step); err != nil {
			t.Fatalf("move %d, seat %d at step %d: %v", n+1, seat, before.step, err)
		}
		deadline := time.Now().Add(20 * time.Second)
		for ts.ms[0].snap.Load() == before {
			if time.Now().After(deadline) {
				what, _ := chromedp.Run(tabs[seat], chromedp.Evaluate[string](`JSON.stringify({busy, step: state.step, message: document.getElementById("message").textContent})`))
				t.Fatalf("move %d: seat %d's clicks did not move the match from step %d: %s", n+1, seat, before.step, what)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	for seat := 1; seat <= 4; seat++ {
		checkPageLog(t, tabs[seat], seat)
	}
}

// checkPageLog fails when seat's page lists no line of the log, or a line
// a player cannot read: a procedure's run ("3 · action": the engine's
// internals, which the page used to list as they came).
func checkPageLog(t *testing.T, tab context.Context, seat int) {
	t.Helper()
	lines, err := chromedp.Run(tab, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#log li")].map(li => li.textContent)`))
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) == 0 {
		t.Errorf("seat %d's page lists no line of the log", seat)
	}
	for _, l := range lines {
		if _, what, _ := strings.Cut(l, " · "); what == "action" || what == "endaction" || what == "private" {
			t.Errorf("seat %d's page lists the engine's %q", seat, l)
		}
	}
}

// clickMove waits until the page shows step, then clicks its first ringed
// thing until the move is posted: a choose-k parameter's elements one after
// the other, then Take.
func clickMove(tab context.Context, step int) error {
	ctx, cancel := context.WithTimeout(tab, 20*time.Second)
	defer cancel()
	last := -1
	for {
		shown, err := chromedp.Run(ctx, chromedp.Evaluate[int](`state ? state.step : -1`))
		if err != nil {
			return fmt.Errorf("the page shows step %d: %w", last, err)
		}
		last = shown
		if shown == step {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	posted, err := chromedp.Run(ctx, chromedp.Evaluate[int](`posts`))
	if err != nil {
		return err
	}
	for k := 0; k < 8; k++ {
		moved, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`posts > `+strconv.Itoa(posted)+` || state.step !== `+strconv.Itoa(step)))
		if err != nil {
			return err
		}
		if moved {
			return nil
		}
		if wait, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`busy`)); wait {
			time.Sleep(20 * time.Millisecond) // the page is still drawing its last move's answer
			k--
			continue
		}
		take, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`[...document.querySelectorAll("#actions button")].some(b => b.textContent === "Take")`))
		if err != nil {
			return err
		}
		open, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.querySelector("#hits button:not(.chosen)") !== null`))
		if err != nil {
			return err
		}
		// A click waits for its element; the page may have been drawn
		// again between the question and the click: then ask again.
		click, cancel := context.WithTimeout(ctx, 2*time.Second)
		switch {
		case take:
			chromedp.Do(click, chromedp.Click(chromedp.Search(`//button[text()="Take"]`)))
		case open:
			chromedp.Do(click, chromedp.Click(chromedp.CSS(`#hits button:not(.chosen)`)))
		default:
			cancel()
			what, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`JSON.stringify({seat: state.seat, step: state.step, turn: state.scene.turn, picking, actions: state.actions.map(a => ({action: a.action, params: a.params, values: a.values.map(v => v.label + " " + (v.targets || []).join(","))})), hits: document.querySelectorAll("#hits button").length})`))
			return fmt.Errorf("the page rings nothing to click: %s", what)
		}
		cancel()
	}
	return fmt.Errorf("eight clicks and no move")
}
