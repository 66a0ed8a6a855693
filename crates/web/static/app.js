// Print and back links without inline script, which the Content-Security-Policy forbids:
// <a href="#" data-action="print"> and <a href="#" data-action="back">.
document.addEventListener("click", (event) => {
  const link = event.target.closest("[data-action]");
  if (!link) return;
  event.preventDefault();
  if (link.dataset.action === "print") print();
  else if (link.dataset.action === "back") history.back();
});

// htmx leaves the page as it was when the server refuses a request (4xx/5xx), so a failed
// "pair next round" looked like nothing happened: show the error page the server sent instead.
document.addEventListener("htmx:beforeSwap", (event) => {
  if (event.detail.xhr.status < 400) return;
  event.detail.shouldSwap = true;
  event.detail.isError = false;
  event.detail.target = document.body;
  event.detail.swapOverride = "innerHTML";
});
