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
// "pair next round" looked like nothing happened. The server answers with its error page; show
// that page's message in place, before the form that was refused, so the page, its navigation
// and the input as typed stay.
document.addEventListener("htmx:beforeSwap", (event) => {
  if (event.detail.xhr.status < 400) return;
  event.detail.shouldSwap = false;
  event.detail.isError = false;
  const page = new DOMParser().parseFromString(event.detail.xhr.responseText, "text/html");
  const found = page.getElementById("error");
  const text = found ? found.textContent : event.detail.xhr.statusText;
  const anchor = event.detail.elt.closest("form") || event.detail.elt;
  let message = document.getElementById("error");
  if (!message) {
    message = document.createElement("p");
    message.id = "error";
    message.className = "error";
    message.setAttribute("role", "alert");
  }
  anchor.parentNode.insertBefore(message, anchor);
  message.textContent = text;
});
