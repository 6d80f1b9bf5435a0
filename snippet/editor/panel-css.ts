// The editor's look, scoped to its shadow root. The host's own box is set through :host with
// !important, the only way a shadow root's rules win over the page's rules for the host element.
export const PANEL_CSS = `
:host{all:initial!important;display:block!important;position:fixed!important;inset:0!important;z-index:2147483647!important;pointer-events:none!important;contain:layout style!important}
*{box-sizing:border-box;font:13px/1.4 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1a1a1a}
.box{position:fixed;left:0;top:0;pointer-events:none;border-radius:2px}
.box[hidden]{display:none}
.hover{outline:2px dashed #2c6ecb;background:rgba(44,110,203,.08)}
.selected{outline:2px solid #e0542c;background:rgba(224,84,44,.08)}
.match{outline:1px solid #e0542c}
.panel{pointer-events:auto;position:fixed;top:12px;right:12px;width:340px;max-height:calc(100vh - 24px);overflow:auto;background:#fff;border:1px solid #c9cccf;border-radius:10px;box-shadow:0 8px 28px rgba(0,0,0,.22);padding:12px;display:flex;flex-direction:column;gap:10px}
.panel.left{right:auto;left:12px}
header{display:flex;align-items:center;gap:8px}
footer{position:sticky;bottom:-12px;margin:0 -12px -12px;padding:8px 12px 10px;background:#fff;border-top:1px solid #e3e3e3;display:flex;flex-direction:column;gap:4px}
header strong{font-weight:700}
header .name{flex:1;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;color:#616161}
h2{margin:0;font-weight:650;font-size:13px}
section{display:flex;flex-direction:column;gap:6px;border-top:1px solid #e3e3e3;padding-top:8px}
section[hidden],[hidden]{display:none!important}
.field{display:flex;flex-direction:column;gap:2px}
.field span{color:#616161;font-size:12px}
.check{display:flex;gap:6px;align-items:center}
input,textarea,select{width:100%;border:1px solid #8a8a8a;border-radius:6px;padding:4px 6px;background:#fff}
input[type=checkbox]{width:auto}
textarea{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;resize:vertical}
.row{display:flex;flex-wrap:wrap;gap:6px;align-items:center}
button{border:1px solid #8a8a8a;border-radius:6px;background:#f6f6f7;padding:4px 10px;cursor:pointer}
button:disabled{opacity:.45;cursor:default}
button.primary{background:#1a1a1a;border-color:#1a1a1a;color:#fff}
button[aria-pressed=true]{background:#2c6ecb;border-color:#2c6ecb;color:#fff}
.note{margin:0;padding:6px 8px;border-radius:6px;background:#f1f1f1}
.note.locked{background:#fff4e4}
.hint,.count{margin:0;color:#616161;font-size:12px}
.error{margin:0;color:#b42318}
ol{margin:0;padding-left:20px;display:flex;flex-direction:column;gap:4px}
li .row{justify-content:space-between;flex-wrap:nowrap}
li .what{word-break:break-word}
li.refused .what{color:#b42318}
.status{margin:0;min-height:1.4em}
.status.ok{color:#0c5132}
.status.bad{color:#b42318}
`;
