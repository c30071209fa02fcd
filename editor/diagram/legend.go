package diagram

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/editor/style"
	"github.com/rulestudio/studio/editor/ui"
	"github.com/rulestudio/studio/graph"
)

// NewLegend returns a row explaining the colour of each state type and the
// arrows' kinds, wrapping onto more rows when the width runs out.
func NewLegend() fyne.CanvasObject {
	items := []fyne.CanvasObject{}
	for _, t := range append(append([]graph.StateType{}, graph.StateTypes...), style.Missing) {
		sw := canvas.NewRectangle(style.TypeFill(t))
		sw.StrokeColor = style.TypeInk(t)
		sw.StrokeWidth = 1.5
		sw.CornerRadius = 3
		sw.SetMinSize(fyne.NewSize(18, 14))
		name := string(t)
		if t == style.Missing {
			name = "missing target"
		}
		lbl := widget.NewLabel(name)
		items = append(items, container.NewHBox(container.NewCenter(sw), lbl))
	}
	items = append(items,
		container.NewHBox(container.NewCenter(dashSwatch(style.Light.Inferred)), widget.NewLabel("inferred transition")),
		container.NewHBox(container.NewCenter(dashSwatch(style.Light.Call)), widget.NewLabel("call / return")))
	return container.New(&ui.FlowLayout{}, items...)
}

// dashSwatch is a short dashed line in col, for the legend.
func dashSwatch(col color.Color) fyne.CanvasObject {
	box := canvas.NewRectangle(color.Transparent)
	box.SetMinSize(fyne.NewSize(22, 14))
	var dashes []fyne.CanvasObject
	for x := float32(0); x < 22; x += 8 {
		l := canvas.NewLine(col)
		l.StrokeWidth = 2
		l.Position1, l.Position2 = fyne.NewPos(x, 7), fyne.NewPos(x+5, 7)
		dashes = append(dashes, l)
	}
	return container.NewStack(box, container.NewWithoutLayout(dashes...))
}
