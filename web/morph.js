/* Zaria's redraw: brings a container's children in line with new HTML while
 * keeping the nodes that did not change, instead of replacing them all.
 *
 *   window.zariaMorph(container, html)
 *
 * The HTML is parsed once (a <template>, so SVG gets its namespace), then the old
 * and new children are walked together. An old element is kept when it has the
 * new one's tag name and id (or neither has an id): its attributes are brought in
 * step and its children morphed in turn. Elements with an id are found again
 * among their old siblings when they moved. Anything else is inserted from the
 * parsed HTML, and old nodes left over are removed.
 *
 * A kept element keeps its focus, caret and scroll position. Form fields follow
 * the new HTML as a fresh drawing would: value, checked, the selected options
 * (a focused text field already showing the new value is left alone, so its
 * caret and an IME composition survive). An element whose new version has
 * data-fresh is replaced, so that its CSS animation plays again: always when the
 * attribute is bare, and when its value differs from the old one's otherwise
 * (a die tumbles once per roll, through any redraw until the next).
 */
(function () {
  "use strict";

  function fresh(node) {
    return node.nodeType === 1 && node.hasAttribute("data-fresh");
  }

  function renewed(old, neu) {
    var value = neu.getAttribute("data-fresh");
    return value === "" || old.nodeType !== 1 || old.getAttribute("data-fresh") !== value;
  }

  function sameKind(a, b) {
    if (a.nodeType !== b.nodeType || a.nodeName !== b.nodeName) return false;
    return a.nodeType !== 1 || a.id === b.id;
  }

  function syncAttributes(old, neu) {
    var i, a, attrs = neu.attributes;
    for (i = 0; i < attrs.length; i++) {
      a = attrs[i];
      if (old.getAttributeNS(a.namespaceURI, a.localName) !== a.value) {
        old.setAttributeNS(a.namespaceURI, a.name, a.value);
      }
    }
    attrs = old.attributes;
    for (i = attrs.length - 1; i >= 0; i--) {
      a = attrs[i];
      if (!neu.hasAttributeNS(a.namespaceURI, a.localName)) {
        old.removeAttributeNS(a.namespaceURI, a.localName);
      }
    }
  }

  // The live state of a form field, which its attributes no longer control once
  // the person has used it, set as the new HTML draws it.
  function syncField(old, neu) {
    var tag = old.nodeName;
    if (tag === "INPUT") {
      var type = old.type;
      if (type === "checkbox" || type === "radio") {
        if (old.checked !== neu.checked) old.checked = neu.checked;
      } else if (type !== "file" && old.value !== neu.value) {
        old.value = neu.value;
      }
    } else if (tag === "TEXTAREA") {
      if (old.value !== neu.value) old.value = neu.value;
    } else if (tag === "SELECT") {
      var olds = old.options, news = neu.options;
      for (var i = 0; i < olds.length && i < news.length; i++) {
        if (olds[i].selected !== news[i].selected) olds[i].selected = news[i].selected;
      }
    }
  }

  function morphNode(old, neu) {
    if (old.nodeType !== 1) {
      if (old.nodeValue !== neu.nodeValue) old.nodeValue = neu.nodeValue;
      return;
    }
    syncAttributes(old, neu);
    morphChildren(old, neu);
    syncField(old, neu);
  }

  // Moves a kept node to its new place (moveBefore, where there is one, keeps
  // its focus and running animations).
  function place(parent, node, before) {
    if (node === before) return;
    if (parent.moveBefore) {
      try {
        parent.moveBefore(node, before);
        return;
      } catch (e) {
        // A container outside the document: an ordinary move does.
      }
    }
    parent.insertBefore(node, before);
  }

  // The old children from ``start`` on that have an id, by id: built on the first
  // child that is not where it was, and emptied as its nodes are taken.
  function keyedFrom(start) {
    var map = new Map();
    for (var n = start; n; n = n.nextSibling) {
      if (n.nodeType === 1 && n.id && !map.has(n.id)) map.set(n.id, n);
    }
    return map;
  }

  function morphChildren(oldParent, newParent) {
    var cur = oldParent.firstChild, next = newParent.firstChild, keyed = null;
    while (next) {
      var after = next.nextSibling, match = null;
      if (cur && sameKind(cur, next)) {
        match = cur;
      } else if (cur && !(cur.nodeType === 1 && cur.id) && cur.nextSibling && sameKind(cur.nextSibling, next)) {
        // An unkeyed node went away: drop it rather than redraw all that follows.
        var gone = cur;
        cur = cur.nextSibling;
        oldParent.removeChild(gone);
        match = cur;
      } else if (next.nodeType === 1 && next.id) {
        if (!keyed) keyed = keyedFrom(cur);
        var found = keyed.get(next.id);
        if (found && found.nodeName === next.nodeName && found.parentNode === oldParent) match = found;
      }
      if (match && keyed && match.nodeType === 1 && match.id) keyed.delete(match.id);
      if (match && fresh(next) && renewed(match, next)) {
        if (match === cur) cur = cur.nextSibling;
        oldParent.removeChild(match);
        oldParent.insertBefore(next, cur);
      } else if (match) {
        if (match === cur) cur = cur.nextSibling;
        else place(oldParent, match, cur);
        morphNode(match, next);
      } else {
        oldParent.insertBefore(next, cur);
      }
      next = after;
    }
    while (cur) {
      var rest = cur.nextSibling;
      oldParent.removeChild(cur);
      cur = rest;
    }
  }

  window.zariaMorph = function (container, html) {
    var template = document.createElement("template");
    template.innerHTML = html;
    morphChildren(container, template.content);
  };
})();
