package editor

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/preview"
)

// MatchKeeper is implemented by projects that keep recorded matches beside
// the pack's revisions (what `studio play --save` writes, `studio matches`
// lists and `studio replay PROJECT --match ID` plays again).
type MatchKeeper interface {
	// SaveMatch keeps rec under name with the project's latest revision
	// (its Source is not kept) and returns its id.
	SaveMatch(name string, rec graph.Record) (int64, error)
	// SavedMatches returns the kept matches, oldest first.
	SavedMatches() ([]SavedMatch, error)
}

// SavedMatch is a match a project keeps: its id, name, when it was kept
// (UTC) and its record.
type SavedMatch struct {
	ID     int64
	Name   string
	Time   time.Time
	Record graph.Record
}

// matchKeeper is the project's match store when it may be written, else nil.
func (e *Editor) matchKeeper() MatchKeeper {
	k, ok := e.proj.(MatchKeeper)
	if !ok || e.proj.ReadOnly() {
		return nil
	}
	return k
}

// SaveMatch keeps the match shown, its current line, in the project under
// name (Play > Save Match…). The record names the revision it is kept
// with, so the rules it was played on must be the project's as saved: a
// pack with unsaved changes, or a match started before the last edits, is
// refused with what to do.
func (e *Editor) SaveMatch(name string) (int64, error) {
	s := e.Play.Session()
	name = strings.TrimSpace(name)
	switch k := e.matchKeeper(); {
	case s == nil:
		return 0, errors.New("save match: no match is shown (Play > New Match…)")
	case k == nil:
		return 0, errors.New("save match: the pack is not in a project that can keep matches (File > Save As… makes one)")
	case name == "":
		return 0, errors.New("save match: a name, please")
	case e.Dirty():
		return 0, errors.New("save match: the pack has unsaved changes; save it first (ctrl+S): a match is kept with the revision it was played on")
	default:
		rec := s.Record()
		now, err := graph.PackHash(e.pack)
		if err != nil {
			return 0, err
		}
		if now != rec.PackHash {
			return 0, errors.New("save match: the rules changed since this match started; restart it on them first (Restart on the edited rules, or a new match)")
		}
		return k.SaveMatch(name, rec)
	}
}

// OpenSavedMatch plays the project's kept match id again on the pack shown
// and shows it at its last step (Play > Open Saved Match…). A move the rules
// now refuse stops the replay there and says why.
func (e *Editor) OpenSavedMatch(id int64) error {
	k, ok := e.proj.(MatchKeeper)
	if !ok {
		return errors.New("open saved match: the pack is not in a project")
	}
	ms, err := k.SavedMatches()
	if err != nil {
		return err
	}
	for _, m := range ms {
		if m.ID != id {
			continue
		}
		s, err := preview.Replay(e.pack, m.Record, e.ProjectPath())
		if s == nil {
			return err
		}
		e.Play.Show(s, fmt.Sprintf("Saved match %q (%d moves).", m.Name, len(m.Record.Moves)), err)
		e.showMatch()
		return nil
	}
	return fmt.Errorf("open saved match: the project keeps no match %d", id)
}

// saveMatchDialog asks for the name to keep the match shown under.
func (e *Editor) saveMatchDialog() {
	name := widget.NewEntry()
	name.SetPlaceHolder("a name for this match")
	d := dialog.NewForm("Save Match", "Save", "Cancel", []*widget.FormItem{widget.NewFormItem("Name", name)}, func(ok bool) {
		if !ok {
			return
		}
		if id, err := e.SaveMatch(name.Text); err != nil {
			e.showError(err)
		} else {
			e.setStatus(fmt.Sprintf("Match %q kept in the project as match %d: Play > Open Saved Match… plays it again.", strings.TrimSpace(name.Text), id))
		}
	}, e.win)
	e.showModal(d, d.Submit, d.Hide)
	e.win.Canvas().Focus(name)
}

// openSavedMatchDialog lists the project's kept matches to play one again.
func (e *Editor) openSavedMatchDialog() {
	k, ok := e.proj.(MatchKeeper)
	if !ok {
		e.showError(errors.New("open saved match: the pack is not in a project"))
		return
	}
	ms, err := k.SavedMatches()
	if err != nil || len(ms) == 0 {
		e.showError(errors.Join(err, errors.New("open saved match: the project keeps no match yet (Play > Save Match…)")))
		return
	}
	names := make([]string, len(ms))
	for i, m := range ms {
		names[i] = fmt.Sprintf("%d · %s · %s · %d moves", m.ID, m.Name, m.Time.Local().Format("2006-01-02 15:04"), len(m.Record.Moves))
	}
	pick := widget.NewSelect(names, nil)
	pick.SetSelectedIndex(len(ms) - 1)
	d := dialog.NewForm("Open Saved Match", "Open", "Cancel", []*widget.FormItem{widget.NewFormItem("Match", pick)}, func(ok bool) {
		if i := pick.SelectedIndex(); ok && i >= 0 {
			if err := e.OpenSavedMatch(ms[i].ID); err != nil {
				e.showError(err)
			}
		}
	}, e.win)
	e.showModal(d, d.Submit, d.Hide)
}
