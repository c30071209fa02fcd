// Package testproject writes project files for tests of more than one
// package: real SQLite files through package project.
package testproject

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/project"
)

// Misere writes a project of the bundled tic-tac-toe whose revision 2
// makes three in a row lose (the other player scores), with a recorded
// match where X wins with its fifth move and the bundled scenario
// three-in-a-row, and returns its path (in t's temporary folder). With
// onGraph, revision 2 also says so in playerTurn's description and adds a
// transition draw to nextPlayer, for a graph to mark.
func Misere(t testing.TB, onGraph bool) string {
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
