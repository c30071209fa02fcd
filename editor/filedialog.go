package editor

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// pathDialog asks for a file to open or save. Unlike Fyne's file dialog it
// takes a typed path: absolute, from the home folder (~/...), or relative to
// the folder shown; a typed folder opens it. It starts in the folder last
// used (the app's preferences keep it between sessions), lists that folder's
// subfolders and the files with the wanted extensions, and closes with
// Escape.
type pathDialog struct {
	e       *Editor
	save    bool
	folders bool     // a folder is chosen, not a file
	exts    []string // shown files end with one of these; the first is added to a saved name without one
	dir     string
	files   []os.DirEntry
	folder  *widget.Label
	list    *widget.List
	entry   *keyEntry
	errors  *widget.Label
	pop     *widget.PopUp
	done    func(path string)
	isPack  func(dir string) bool // open: a folder that is itself a pack opens instead of being entered
	closing bool
}

// prefLastFolder is the preference key of the folder last used in a file
// dialog.
const prefLastFolder = "lastFolder"

// askPath shows a file dialog titled title. save: the path may be new (an
// existing file is replaced after a confirmation); else it must exist. name
// is the file name offered first (save). done gets the chosen absolute path.
func (e *Editor) askPath(title string, save bool, exts []string, name string, done func(path string)) *pathDialog {
	d := &pathDialog{e: e, save: save, exts: exts, done: done}
	d.folder = widget.NewLabel("")
	d.folder.Truncation = fyne.TextTruncateEllipsis
	d.errors = widget.NewLabel("")
	d.errors.Importance = widget.DangerImportance
	d.errors.Hide()
	d.entry = newKeyEntry()
	d.entry.SetPlaceHolder("File name, or a path (/abs/path, ~/path, folder/name)")
	d.entry.SetText(name)
	d.entry.OnSubmitted = func(string) { d.submit() }
	d.entry.onEscape = d.cancel
	d.list = widget.NewList(
		func() int { return len(d.files) },
		func() fyne.CanvasObject {
			return container.NewBorder(nil, nil, widget.NewIcon(theme.FileIcon()), nil, widget.NewLabel(""))
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			c := o.(*fyne.Container)
			f := d.files[i]
			icon := theme.FileIcon()
			if f.IsDir() {
				icon = theme.FolderIcon()
			}
			c.Objects[1].(*widget.Icon).SetResource(icon)
			c.Objects[0].(*widget.Label).SetText(f.Name())
		})
	d.list.OnSelected = func(i widget.ListItemID) {
		d.list.Unselect(i)
		d.picked(i)
	}
	up := widget.NewButtonWithIcon("", theme.MoveUpIcon(), func() { d.open(filepath.Dir(d.dir)) })
	ok := "Open"
	if save {
		ok = "Save"
	}
	okButton := widget.NewButton(ok, d.submit)
	okButton.Importance = widget.HighImportance
	buttons := container.NewHBox(widget.NewButton("Cancel", d.cancel), okButton)
	head := container.NewVBox(
		widget.NewLabelWithStyle(title, fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		container.NewBorder(nil, nil, up, nil, d.folder))
	foot := container.NewVBox(d.entry, d.errors, container.NewBorder(nil, nil, nil, buttons))
	body := container.NewBorder(head, foot, nil, nil, d.list)
	d.pop = widget.NewModalPopUp(container.NewGridWrap(fyne.NewSize(720, 480), body), e.win.Canvas())
	d.open(e.startFolder())
	d.pop.Show()
	e.win.Canvas().Focus(d.entry)
	e.pathDialog = d
	return d
}

// askFolder shows a dialog choosing a folder: typed (as in askPath) or the
// folder shown when nothing is typed. done gets its absolute path.
func (e *Editor) askFolder(title string, done func(dir string)) *pathDialog {
	d := e.askPath(title, false, nil, "", done)
	d.folders = true
	d.entry.SetPlaceHolder("Empty: the folder shown; or a folder's name or path")
	d.open(d.dir)
	return d
}

// startFolder is where file dialogs start: the folder last used, else the
// current project's, else the working folder.
func (e *Editor) startFolder() string {
	if dir := e.app.Preferences().String(prefLastFolder); dir != "" {
		if fi, err := os.Stat(dir); err == nil && fi.IsDir() {
			return dir
		}
	}
	if e.proj != nil {
		if abs, err := filepath.Abs(e.proj.Path()); err == nil {
			return filepath.Dir(abs)
		}
	}
	if wd, err := os.Getwd(); err == nil {
		return wd
	}
	return string(filepath.Separator)
}

// open shows folder dir.
func (d *pathDialog) open(dir string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		d.fail(err)
		return
	}
	d.dir = dir
	d.files = d.files[:0]
	for _, f := range entries {
		if strings.HasPrefix(f.Name(), ".") {
			continue
		}
		if f.IsDir() || (!d.folders && d.wanted(f.Name())) {
			d.files = append(d.files, f)
		}
	}
	sort.SliceStable(d.files, func(a, b int) bool { return d.files[a].IsDir() && !d.files[b].IsDir() })
	d.folder.SetText(dir)
	d.errors.Hide()
	d.list.Refresh()
	d.list.ScrollToTop()
}

// wanted reports whether a file named name is listed.
func (d *pathDialog) wanted(name string) bool {
	if len(d.exts) == 0 {
		return true
	}
	for _, x := range d.exts {
		if strings.HasSuffix(strings.ToLower(name), x) {
			return true
		}
	}
	return false
}

// picked is a click on entry i: a folder opens (or, when it is a pack
// folder and the dialog opens, is chosen), a file's name goes in the entry.
func (d *pathDialog) picked(i int) {
	f := d.files[i]
	path := filepath.Join(d.dir, f.Name())
	if f.IsDir() {
		if !d.save && d.isPack != nil && d.isPack(path) {
			d.entry.SetText(f.Name())
			return
		}
		d.open(path)
		return
	}
	d.entry.SetText(f.Name())
	d.e.win.Canvas().Focus(d.entry)
}

// resolve turns what was typed into an absolute path.
func (d *pathDialog) resolve(text string) string {
	text = strings.TrimSpace(text)
	if text == "~" || strings.HasPrefix(text, "~/") {
		if home, err := os.UserHomeDir(); err == nil {
			text = filepath.Join(home, strings.TrimPrefix(text, "~"))
		}
	}
	if !filepath.IsAbs(text) {
		text = filepath.Join(d.dir, text)
	}
	return filepath.Clean(text)
}

// submit is Enter or the Open/Save button.
func (d *pathDialog) submit() {
	if d.folders {
		d.submitFolder()
		return
	}
	if strings.TrimSpace(d.entry.Text) == "" {
		d.fail(errors.New("type a file name or a path"))
		return
	}
	path := d.resolve(d.entry.Text)
	fi, err := os.Stat(path)
	switch {
	case err == nil && fi.IsDir() && (d.save || d.isPack == nil || !d.isPack(path)):
		d.entry.SetText("")
		d.open(path)
		return
	case d.save && errors.Is(err, os.ErrNotExist):
		if filepath.Ext(path) == "" && len(d.exts) > 0 {
			path += d.exts[0]
			if _, err := os.Stat(path); err == nil {
				d.confirmReplace(path)
				return
			}
		}
		if _, err := os.Stat(filepath.Dir(path)); err != nil {
			d.fail(fmt.Errorf("no folder %s", filepath.Dir(path)))
			return
		}
	case d.save && err == nil:
		d.confirmReplace(path)
		return
	case err != nil:
		d.fail(fmt.Errorf("no file %s", path))
		return
	}
	d.finish(path)
}

// submitFolder chooses the folder typed, or the one shown.
func (d *pathDialog) submitFolder() {
	path := d.dir
	if strings.TrimSpace(d.entry.Text) != "" {
		path = d.resolve(d.entry.Text)
	}
	if fi, err := os.Stat(path); err != nil || !fi.IsDir() {
		d.fail(fmt.Errorf("no folder %s", path))
		return
	}
	d.close()
	d.e.app.Preferences().SetString(prefLastFolder, path)
	d.done(path)
}

// confirmReplace asks before a save replaces path.
func (d *pathDialog) confirmReplace(path string) {
	d.e.confirm("Replace file?", filepath.Base(path)+" exists in "+filepath.Dir(path)+". Replace it?", func(ok bool) {
		if ok {
			d.finish(path)
		}
	})
}

// finish closes the dialog, remembers the folder and hands the path on.
func (d *pathDialog) finish(path string) {
	d.close()
	d.e.app.Preferences().SetString(prefLastFolder, filepath.Dir(path))
	d.done(path)
}

func (d *pathDialog) fail(err error) {
	d.errors.SetText(err.Error())
	d.errors.Show()
}

// cancel is Escape or the Cancel button.
func (d *pathDialog) cancel() { d.close() }

func (d *pathDialog) close() {
	if d.closing {
		return
	}
	d.closing = true
	d.pop.Hide()
	if d.e.pathDialog == d {
		d.e.pathDialog = nil
	}
}
