package editor

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// The forms drawn, compared with images under testdata/ (regenerate one by
// deleting it: the test writes testdata/failed/NAME, to look at and move).

// TestRendersStateForm: the inspector's form of a state with placeholders,
// parameters and transitions (the top of it).
func TestRendersStateForm(t *testing.T) {
	e := seedsEditor(t)
	e.SelectState("10")
	w := test.NewTempWindow(t, e.Inspector)
	w.Resize(fyne.NewSize(460, 900))
	test.AssertRendersToImage(t, "state_form.png", w.Canvas())
}

// TestRendersObjectTypeCards: the object types panel with the cards of a
// type (variables, tags, properties, a method).
func TestRendersObjectTypeCards(t *testing.T) {
	e := seedsEditor(t)
	e.Dock.Show(PanelObjectTypes)
	e.ObjectTypes().Select("wood_elf")
	w := test.NewTempWindow(t, e.ObjectTypes())
	w.Resize(fyne.NewSize(760, 900))
	test.AssertRendersToImage(t, "object_type_cards.png", w.Canvas())
}

// TestRendersYAMLView: the YAML view of a state with a finding marked at its
// line and column.
func TestRendersYAMLView(t *testing.T) {
	e := withMistakes(t)
	e.SelectState("11")
	e.Dock.Show(PanelYAML)
	w := test.NewTempWindow(t, e.YAML())
	w.Resize(fyne.NewSize(700, 360))
	test.AssertRendersToImage(t, "yaml_view.png", w.Canvas())
}
