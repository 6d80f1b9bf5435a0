// The consent prompt's words in every language the snippet may ask for, served with GET /api/consent.
import type { ConsentPrompt } from "~/wire";
import type { PromptLanguage } from "~/wire/rules/consent-language";
import { PROMPT_STYLE } from "./prompt-style";

type PromptWords = Pick<ConsentPrompt, "message" | "allow" | "decline">;

/**
 * One entry per PromptLanguage (the type makes a missing one a compile error). Plain text only: the
 * snippet sets it as textContent. French spaces before "?" and ";" are narrow no-break spaces (U+202F),
 * as French typography wants. The Portuguese avoids words that differ between Portugal and Brazil.
 */
export const PROMPT_WORDS: Readonly<Record<PromptLanguage, PromptWords>> = {
  en: {
    message:
      "May this site measure your visit anonymously to test page variants? A random id is stored on this device; nothing you type is collected.",
    allow: "Allow",
    decline: "No thanks",
  },
  de: {
    message:
      "Darf diese Website Ihren Besuch anonym auswerten, um Seitenvarianten zu testen? Auf diesem Gerät wird eine zufällige ID gespeichert; nichts, was Sie eingeben, wird erfasst.",
    allow: "Erlauben",
    decline: "Nein, danke",
  },
  fr: {
    message:
      "Ce site peut-il mesurer votre visite de façon anonyme pour tester des variantes de ses pages\u202f? Un identifiant aléatoire est enregistré sur cet appareil\u202f; rien de ce que vous saisissez n’est collecté.",
    allow: "Autoriser",
    decline: "Non merci",
  },
  es: {
    message:
      "¿Puede este sitio medir su visita de forma anónima para probar variantes de sus páginas? Se guarda un identificador aleatorio en este dispositivo; no se recoge nada de lo que escriba.",
    allow: "Permitir",
    decline: "No, gracias",
  },
  it: {
    message:
      "Questo sito può misurare la tua visita in forma anonima per testare varianti delle sue pagine? Su questo dispositivo viene salvato un identificativo casuale; nulla di ciò che digiti viene raccolto.",
    allow: "Consenti",
    decline: "No, grazie",
  },
  nl: {
    message:
      "Mag deze site uw bezoek anoniem meten om varianten van pagina’s te testen? Er wordt een willekeurige ID op dit apparaat opgeslagen; niets van wat u typt wordt verzameld.",
    allow: "Toestaan",
    decline: "Nee, bedankt",
  },
  pt: {
    message:
      "Este site pode medir a sua visita anonimamente para testar variantes das suas páginas? É guardado um identificador aleatório neste dispositivo; nada do que escreve é recolhido.",
    allow: "Permitir",
    decline: "Não, obrigado",
  },
  pl: {
    message:
      "Czy ta witryna może anonimowo mierzyć Twoją wizytę, aby testować warianty swoich stron? Na tym urządzeniu zapisywany jest losowy identyfikator; nic, co wpisujesz, nie jest zbierane.",
    allow: "Zezwól",
    decline: "Nie, dziękuję",
  },
  sv: {
    message:
      "Får den här webbplatsen mäta ditt besök anonymt för att testa varianter av sina sidor? Ett slumpmässigt id sparas på den här enheten; inget du skriver samlas in.",
    allow: "Tillåt",
    decline: "Nej tack",
  },
  da: {
    message:
      "Må dette websted måle dit besøg anonymt for at teste varianter af sine sider? Et tilfældigt id gemmes på denne enhed; intet af det, du skriver, indsamles.",
    allow: "Tillad",
    decline: "Nej tak",
  },
  ar: {
    message:
      "هل تسمح لهذا الموقع بقياس زيارتك دون تحديد هويتك لاختبار نسخ مختلفة من صفحاته؟ يُحفظ معرّف عشوائي على هذا الجهاز، ولا يُجمع أي شيء تكتبه.",
    allow: "السماح",
    decline: "لا، شكرًا",
  },
};

/** Languages written right to left: the prompt's region gets `dir="rtl"`, which mirrors its layout. */
const RIGHT_TO_LEFT: ReadonlySet<PromptLanguage> = new Set(["ar"]);

/** The prompt as the snippet shows it, in `lang`: its words, their direction, and its style sheet. */
export function consentPrompt(lang: PromptLanguage): ConsentPrompt {
  return { lang, dir: RIGHT_TO_LEFT.has(lang) ? "rtl" : "ltr", ...PROMPT_WORDS[lang], style: PROMPT_STYLE };
}
