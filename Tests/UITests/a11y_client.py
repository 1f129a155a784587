"""An AT-SPI client, run on the app's session bus: finds the app's Expand buttons and a row's
swipe actions by name and role, and presses one Expand button (--press) or one row's action
(--press-row-action ROW-NAME ACTION-NAME). Prints what it found as JSON."""
import json
import sys

import pyatspi


def walk(node, depth=0):
    if node is None or depth > 60:
        return
    yield node
    for index in range(node.childCount):
        yield from walk(node.getChildAtIndex(index), depth + 1)


def find_app(name):
    desktop = pyatspi.Registry.getDesktop(0)
    return next((app for app in desktop if app is not None and app.name == name), None)


def role_name(node):
    """The role's name as at-spi2-core 2.46 (Debian 12) spells it: later versions call a
    push button "button"."""
    return "push button" if node.getRole() == pyatspi.ROLE_PUSH_BUTTON else node.getRoleName()


def accessible_name(node):
    """The name a screen reader reads: the accessible's own, or else the words of what labels it.
    GTK 4.8 copies a menu item's label into its name; GTK 4.18 leaves the name empty and points
    at its label through a labelled-by relation, and that label (out of the tree) has its words
    as text only."""
    if node.name:
        return node.name
    words = []
    for relation in node.getRelationSet():
        if relation.getRelationType() == pyatspi.RELATION_LABELLED_BY:
            words += [target_words(relation.getTarget(i)) for i in range(relation.getNTargets())]
    return " ".join(word for word in words if word)


def target_words(label):
    if label.name:
        return label.name
    try:
        text = label.queryText()
        return text.getText(0, text.characterCount)
    except NotImplementedError:
        return ""


def describe(node):
    """An accessible as a dict: its name, role, whether it is visible and its extents."""
    box = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS) if "Component" in pyatspi.listInterfaces(node) else None
    return {"name": accessible_name(node), "role": role_name(node), "visible": node.getState().contains(pyatspi.STATE_VISIBLE),
            "extents": [box.x, box.y, box.width, box.height] if box else None,
            "parent": node.parent.name if node.parent else None}


def main():
    app = find_app(sys.argv[1])
    if app is None:
        print(json.dumps({"error": "app not found"}))
        return
    nodes = list(walk(app))
    if "--tree" in sys.argv:
        print(json.dumps({"tree": [describe(n) for n in nodes]}))
        return
    buttons = [n for n in nodes if n.getRole() == pyatspi.ROLE_PUSH_BUTTON]
    names = [b.name for b in buttons]
    expand = [b for b in buttons if b.name == "Expand" and b.getState().contains(pyatspi.STATE_SENSITIVE)]
    pressed = False
    if expand and "--press" in sys.argv:
        pressed = press(expand[0])
    if "--press-row-action" in sys.argv:
        row_name, action_name = sys.argv[sys.argv.index("--press-row-action") + 1:][:2]
        row = next((n for n in nodes if n.getRole() == pyatspi.ROLE_LIST_ITEM and n.name == row_name), None)
        action = next((b for b in walk(row) if b.getRole() == pyatspi.ROLE_PUSH_BUTTON and b.name == action_name), None)
        pressed = press(action) if action else False
    print(json.dumps({"buttons": names, "pressed": bool(pressed),
                      "listItems": sum(1 for n in nodes if n.getRole() == pyatspi.ROLE_LIST_ITEM),
                      "listItemNames": [n.name for n in nodes if n.getRole() == pyatspi.ROLE_LIST_ITEM],
                      "selectedListItems": [n.name for n in nodes if n.getRole() == pyatspi.ROLE_LIST_ITEM
                                            and n.getState().contains(pyatspi.STATE_SELECTED)],
                      "lists": [n.name for n in nodes if n.getRole() == pyatspi.ROLE_LIST],
                      "allNames": sorted({n.name for n in nodes if n.name}),
                      "notes": [note_text(n) for n in nodes if n.name == "Note"]}))


def press(button):
    """Activates `button` by its AT-SPI action, as a screen reader's "activate" does."""
    action = button.queryAction()
    for index in range(action.nActions):
        if action.getName(index) in ("click", "activate", "press"):
            return action.doAction(index)
    return False


def note_text(node):
    """What a screen reader reads of a note's text: the text view's text, or the drawn text's
    description."""
    try:
        text = node.queryText()
        return {"role": role_name(node), "text": text.getText(0, text.characterCount)}
    except NotImplementedError:
        return {"role": role_name(node), "text": node.description}


main()
