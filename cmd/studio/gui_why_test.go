package main

import (
	"encoding/json"
	"fmt"
	"image"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/graph"
)

// TestWindowWhyTab runs the real binary under Xvfb on the seed effects and
// asks why from the keyboard, as a designer does: Play > New match (ctrl+M,
// Enter: the designer against the random bot), Play > Why… (Alt, Right to
// Play, Down to Why…, Enter) brings the Debugger's Why tab to the front,
// its clause picker focused; Space opens the picker and Down, Enter picks
// its third clause, Mind Leech's whenever: the answer (the condition
// broken down) fills the side column, beyond what the refusals alone drew.
func TestWindowWhyTab(t *testing.T) {
	x := newExampleStudio(t)
	x.proj = filepath.Join(x.dir, "seeds.rulestudio")
	data, _ := assets.Pack("seeds")
	src := filepath.Join(x.dir, "seeds.yaml")
	if err := os.WriteFile(src, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(x.bin, "import", src, "-o", x.proj).CombinedOutput(); err != nil {
		t.Fatalf("import seeds: %v %s", err, out)
	}
	pack, err := graph.Parse(data, "seeds.yaml")
	if err != nil {
		t.Fatal(err)
	}
	s := x.start(t)
	s.waitForBoxes(len(pack.States))
	s.key("ctrl+m")
	time.Sleep(700 * time.Millisecond)
	s.shot("new-match")
	s.click(image.Pt(737, 379)) // the seed
	s.key("ctrl+a")
	s.typeText("3")
	s.click(image.Pt(737, 417)) // player 1: a person
	time.Sleep(400 * time.Millisecond)
	s.click(image.Pt(619, 569)) // random, the picker's last choice
	time.Sleep(300 * time.Millisecond)
	s.shot("two-bots")
	s.click(image.Pt(744, 536)) // Play
	s.waitForRing("the match at its end", func(r image.Rectangle, _ image.Image) bool { return !r.Empty() })
	s.shot("match-end")
	head, fired := leechFired(t, x.bin, src)
	for i := 0; i < head-fired; i++ {
		s.key("F9")
	}
	time.Sleep(500 * time.Millisecond)
	s.shot(fmt.Sprintf("step-%d", fired))

	s.key("alt")
	for i := 0; i < 3; i++ {
		s.key("Right")
	}
	for i := 0; i < 11; i++ { // New match…, Step, Continue, Back, Forward, End Match, Save…, Open Saved…, Toggle Breakpoint, Breakpoints…, Why…
		s.key("Down")
	}
	s.shot("why-menu")
	s.key("Return")
	time.Sleep(500 * time.Millisecond)
	refusals := s.capture()
	s.shot("why-refusals")
	side := sideColumn(refusals)
	if inkIn(refusals, side) < minFormInk {
		t.Fatalf("the side column is empty after Play > Why… (see %s)", s.screen)
	}

	s.key("space")
	time.Sleep(400 * time.Millisecond)
	s.shot("why-picker")
	for i := 0; i < 3; i++ {
		s.key("Down")
	}
	s.key("Return")
	s.waitForScreen("Mind Leech's answer in the Why tab", func(img image.Image, _ shotStats) bool {
		return changed(refusals, img, side) >= minFormChange && inkIn(img, side) > inkIn(refusals, side)
	})
	// The Why tab's trees are wide: the side column is widened for the
	// picture, as a designer drags its divider.
	s.drag(image.Pt(976, 472), image.Pt(430, 472)) // the divider's handle, as measured in the window's first picture
	time.Sleep(600 * time.Millisecond)
	s.shot("why-clause")
	s.key("ctrl+q")
	s.waitForExit()
}

// leechFired plays the match the test plays in the window (seed 3, two
// random bots) on the command line and returns its last step (as studio
// why's error for a step past it says) and the first step Mind Leech
// fired in (as the debugger counts steps: an event's "step" is the steps
// taken before it).
func leechFired(t *testing.T, bin, pack string) (head, fired int) {
	t.Helper()
	args := []string{pack, "--bots", "random,random", "--seed", "3"}
	out, err := exec.Command(bin, append([]string{"play"}, append(args, "--events")...)...).Output()
	if err != nil {
		t.Fatalf("play: %v", err)
	}
	for _, line := range strings.Split(string(out), "\n") {
		var e struct {
			Step   int    `json:"step"`
			Kind   string `json:"kind"`
			Clause string `json:"clause"`
		}
		if json.Unmarshal([]byte(line), &e) == nil && fired == 0 && e.Kind == "clause_fired" && e.Clause == leech {
			fired = e.Step + 1
		}
	}
	if fired == 0 {
		t.Fatalf("Mind Leech never fired in the match:\n%s", out)
	}
	msg, _ := exec.Command(bin, append([]string{"why"}, append(args, "--clause", leech, "--step", "100000")...)...).CombinedOutput()
	if _, err := fmt.Sscanf(string(msg[strings.Index(string(msg), "steps 1 to "):]), "steps 1 to %d", &head); err != nil {
		t.Fatalf("the last step: %v in %s", err, msg)
	}
	return head, fired
}

const leech = "object_types/mind_leech/whenever/discard"
