package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/preview/impact"
	"github.com/rulestudio/studio/project"
)

// misereProject writes a project of the bundled tic-tac-toe whose revision
// 2 makes three in a row lose (the other player scores), with a recorded
// match where X wins with its fifth move and the bundled scenario
// three-in-a-row. With onGraph, revision 2 also says so in playerTurn's
// description and adds a transition draw to nextPlayer, for the graph to
// mark.
func misereProject(t *testing.T, onGraph bool) string {
	t.Helper()
	data, _ := assets.Pack("tictactoe")
	before, err := graph.Parse(data, "tictactoe.yaml")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(data), "def stNextPlayer(active_player):", "def stNextPlayer(active_player, players):", 1)
	text = strings.Replace(text, "            active_player.score = 1\n", "            players[2 - active_player.no].score = 1\n", 1)
	if onGraph {
		text = strings.Replace(text, "description: ${actplayer} must place a mark\n", "description: ${actplayer} must place a mark (three in a row loses)\n", 1)
		text = strings.Replace(text, "transitions: {nextTurn: 2, endGame: 99}", "transitions: {nextTurn: 2, endGame: 99, draw: 99}", 1)
	}
	after, err := graph.Parse([]byte(text), "tictactoe.yaml")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "ttt.rulestudio")
	p, err := project.CreateFrom(path, before, "tic-tac-toe")
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if _, err := p.Save(after, "three in a row loses"); err != nil {
		t.Fatal(err)
	}
	rec := graph.Record{Format: graph.RecordFormat, Pack: "tictactoe", Seed: 1, Seats: make([]graph.Seat, 2)}
	for i, c := range []string{"0,0", "0,1", "1,0", "1,1", "2,0"} {
		rec.Moves = append(rec.Moves, graph.Move{Player: i%2 + 1, Action: "mark", Args: json.RawMessage(`{"cell":[` + c + `]}`)})
	}
	if _, err := p.AddMatch(project.Match{Revision: 1, Name: "x wins", Record: rec}); err != nil {
		t.Fatal(err)
	}
	for _, s := range assets.Scenarios("tictactoe") {
		if err := p.PutScenario(project.Scenario{Name: strings.TrimSuffix(s.Name, ".yaml"), YAML: s.Data}); err != nil {
			t.Fatal(err)
		}
	}
	return path
}

// TestDiffImpact: studio diff PROJECT 1 2 --impact --matches 200 on a
// project whose revision 2 makes three in a row lose lists the changed
// code, then the recorded match differing at step 26 after move 5, the
// scenario now failing, and 200 matches on both revisions with the seats'
// wins swapped (golden); --json gives the same as impact.Report.
func TestDiffImpact(t *testing.T) {
	proj := misereProject(t, false)
	out, err := run(t, "diff", "--impact", "--matches", "200", "--jobs", "1", proj, "1", "2")
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	golden(t, "diff-impact.txt", strings.ReplaceAll(out, proj, "PROJECT"))

	out, err = run(t, "diff", "--impact", "--matches", "200", "--json", proj, "1", "2")
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	var r struct {
		Changes []graph.Change `json:"changes"`
		Impact  impact.Report  `json:"impact"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if len(r.Changes) != 1 || r.Changes[0].Path != "scripts/main" {
		t.Errorf("changes %+v, want the script main", r.Changes)
	}
	m, c := r.Impact.Matches, r.Impact.Play
	if len(m) != 1 || m[0].Outcome != impact.Differs || m[0].Step != 26 || m[0].Move != 5 || m[0].Name != "x wins" {
		t.Errorf("recorded matches: %+v; want x wins differing at step 26, after move 5", m)
	}
	if len(r.Impact.Scenarios) != 1 || r.Impact.Scenarios[0].FailedAfter == "" {
		t.Errorf("scenarios: %+v; want three-in-a-row failing after", r.Impact.Scenarios)
	}
	if c == nil || c.Matches != 200 || c.Before.Wins[0] != c.After.Wins[1] || c.PValue >= 0.001 {
		t.Errorf("play: %+v; want 200 matches, the seats' wins swapped, p < 0.001", c)
	}
}

// TestDiffImpactNeedsRevisions: --impact compares a project's revisions;
// with two pack files it says so.
func TestDiffImpactNeedsRevisions(t *testing.T) {
	_, err := run(t, "diff", "--impact", "tictactoe", "tictactoe")
	if err == nil || !strings.Contains(err.Error(), "--impact") {
		t.Errorf("err %v; want one about --impact needing a project's revisions", err)
	}
}
