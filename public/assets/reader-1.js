// The reader pages' only script (components/portal/share-buttons.tsx). The share buttons are
// forms and work without it; it adds "copy link": the share is logged and the address copied.
// Changing this file means a new name (reader-2.js): browsers keep it for a year.
(function () {
  var box = document.querySelector("[data-share]");
  var copy = box && box.querySelector(".share-copy");
  if (!copy || !window.fetch || !navigator.clipboard) return;
  var status = box.querySelector("[data-share-status]");
  copy.classList.add("is-ready");
  copy.addEventListener("submit", function (event) {
    event.preventDefault();
    fetch(copy.action, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ channel: "copy_link", language: copy.elements.language.value }),
    })
      .then(function (res) {
        if (!res.ok) throw new Error(String(res.status));
        return res.json();
      })
      .then(function (answer) {
        return navigator.clipboard.writeText(answer.target);
      })
      .then(function () {
        status.textContent = box.getAttribute("data-copied");
      })
      .catch(function () {
        status.textContent = box.getAttribute("data-failed");
      });
  });
})();
