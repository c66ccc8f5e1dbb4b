/**
 * Layout APIs ProseMirror calls that jsdom lacks (it lays nothing out). Imported by the composer's
 * tests only; measurements answer with an empty box, which is all ProseMirror needs to keep going.
 */
const emptyRect = (): DOMRect => new DOMRect(0, 0, 0, 0);
const emptyRectList = (): DOMRectList => {
  const list: DOMRect[] = [];
  return Object.assign(list, { item: (index: number) => list[index] ?? null }) as unknown as DOMRectList;
};

for (const proto of [Range.prototype, Element.prototype]) {
  proto.getBoundingClientRect ??= emptyRect;
  proto.getClientRects ??= emptyRectList;
}
document.elementFromPoint ??= () => null;
