// A stand-in for Chatwoot's website SDK (<base>/packs/js/sdk.js), served by support-chat.journey.ts. Like the
// real one: run() defines window.$chatwoot at once, before the widget has loaded (hasLoaded false, and
// toggle() throws), draws its own bubble, then loads (~300 ms) and dispatches "chatwoot:ready".
(() => {
  const LOAD_MS = 300;

  function element(tag, className, styles) {
    const node = document.createElement(tag);
    node.className = className;
    Object.assign(node.style, styles);
    return node;
  }

  window.chatwootSDK = {
    run({ websiteToken, baseUrl }) {
      if (window.$chatwoot) return;
      const settings = window.chatwootSettings || {};
      const side = settings.position === "left" ? "left" : "right";

      const holder = element("div", "woot--bubble-holder", {});
      const bubble = element("button", "woot-widget-bubble", {
        position: "fixed",
        bottom: "20px",
        [side]: "20px",
        width: "64px",
        height: "64px",
        borderRadius: "50%",
        background: "#1f93ff",
        color: "white",
        zIndex: "2147483000",
        display: "grid",
      });
      bubble.textContent = "Fake bubble";
      holder.append(bubble);

      const panel = element("div", "woot-widget-holder", {
        position: "fixed",
        bottom: "104px",
        [side]: "20px",
        width: "min(360px, calc(100vw - 40px))",
        height: "420px",
        background: "white",
        border: "1px solid #cbd5e1",
        borderRadius: "16px",
        boxShadow: "0 10px 30px rgba(15, 23, 42, 0.25)",
        zIndex: "2147483000",
        display: "none",
        padding: "16px",
        font: "16px system-ui, sans-serif",
      });
      panel.setAttribute("role", "dialog");
      panel.setAttribute("aria-label", "Fake Chatwoot");
      const details = document.createElement("p");
      panel.append(details);
      document.body.append(holder, panel);

      const widget = {
        hasLoaded: false,
        isOpen: false,
        websiteToken,
        baseUrl,
        locale: settings.locale,
        user: null,
        render() {
          details.textContent = `Fake chat · ${this.user ? `${this.user.name} <${this.user.email}>` : "visitor"} · ${this.locale}`;
        },
        toggle(state) {
          if (!this.hasLoaded) throw new Error("Fake Chatwoot: toggle() before the widget has loaded");
          this.isOpen = state ? state === "open" : !this.isOpen;
          panel.style.display = this.isOpen ? "block" : "none";
        },
        setUser(identifier, attributes) {
          this.user = { identifier, ...attributes };
          this.render();
        },
        setLocale(locale) {
          this.locale = locale;
          this.render();
        },
        reset() {
          this.user = null;
          this.render();
        },
      };
      widget.render();
      window.$chatwoot = widget;
      setTimeout(() => {
        widget.hasLoaded = true;
        window.dispatchEvent(new CustomEvent("chatwoot:ready"));
      }, LOAD_MS);
    },
  };
})();
