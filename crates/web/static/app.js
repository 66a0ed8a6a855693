// Print and back links without inline script, which the Content-Security-Policy forbids:
// <a href="#" data-action="print"> and <a href="#" data-action="back">.
document.addEventListener("click", (event) => {
  const link = event.target.closest("[data-action]");
  if (!link) return;
  event.preventDefault();
  if (link.dataset.action === "print") print();
  else if (link.dataset.action === "back") history.back();
});
