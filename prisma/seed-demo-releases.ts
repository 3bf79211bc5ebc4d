// What the demo newsrooms show readers beyond prisma/seed-data.ts: their public profiles and the
// bulk of their releases, enough to judge every category page of both portals in both editions.
// Releases are written as blocks, one per release:
//   @ key | newsroom slug | category slug | de or en | days ago, or MM-DD of the previous year | location
//   title
//   lead
//   one paragraph per line (three to five)
// Every release here is published, carries the newsroom's press contact and gets a drawn cover.
import type { LogoMark } from "./demo-pictures";
import type { DEMO_COMPANIES, DemoRelease } from "./seed-data";

export interface DemoProfile {
  descriptionDe: string;
  descriptionEn: string;
  addressStreet: string;
  addressPostalCode: string;
  addressCity: string;
  contact: { name: string; role: string; phone: string };
  /** The drawn logo: its colour and, for the newer newsrooms, a mark above the initials (prisma/demo-pictures.ts). */
  logo: { color: string; mark?: LogoMark };
}

/** The demo newsrooms' public profiles: German and English descriptions, postal address, default press contact, logo. */
export const DEMO_PROFILES: Record<(typeof DEMO_COMPANIES)[number]["slug"], DemoProfile> = {
  "nordlicht-energie": {
    descriptionDe:
      "Regionaler Versorger für Strom und Wärme aus Wind und Sonne. Nordlicht Energie betreibt Windparks und Solaranlagen in Norddeutschland und beliefert rund 180.000 Haushalte.",
    descriptionEn:
      "Regional supplier of power and heat from wind and sun. Nordlicht Energie runs wind farms and solar plants in northern Germany and supplies some 180,000 households.",
    addressStreet: "Am Sandtorkai 12",
    addressPostalCode: "20457",
    addressCity: "Hamburg",
    contact: { name: "Jana Petersen", role: "Leiterin Unternehmenskommunikation", phone: "+49 40 1234567" },
    logo: { color: "#0b7a5a" },
  },
  hansebank: {
    descriptionDe: "Privat- und Geschäftsbank mit Sitz in Hamburg, seit 1892 für Mittelstand und Privatkunden in Norddeutschland da.",
    descriptionEn:
      "Retail and commercial bank based in Hamburg, serving small businesses and private customers in northern Germany since 1892.",
    addressStreet: "Ballindamm 3",
    addressPostalCode: "20095",
    addressCity: "Hamburg",
    contact: { name: "Tobias Brandt", role: "Pressesprecher", phone: "+49 40 7654321" },
    logo: { color: "#123c7a" },
  },
  "quellcode-labs": {
    descriptionDe:
      "Software für den sicheren Betrieb von Cloud-Anwendungen: Quellcode Labs entwickelt Werkzeuge für Deployment, Überwachung und Schlüsselverwaltung.",
    descriptionEn: "Software for secure cloud operations: Quellcode Labs builds tools for deployment, monitoring and key management.",
    addressStreet: "Torstraße 140",
    addressPostalCode: "10119",
    addressCity: "Berlin",
    contact: { name: "Aylin Demir", role: "Head of Communications", phone: "+49 30 5550123" },
    logo: { color: "#5b2a86" },
  },
  medisense: {
    descriptionDe: "Sensoren für die klinische Diagnostik, entwickelt und gefertigt in München.",
    descriptionEn: "Sensors for clinical diagnostics, designed and made in Munich.",
    addressStreet: "Leopoldstraße 45",
    addressPostalCode: "80802",
    addressCity: "München",
    contact: { name: "Sarah Kim", role: "Press Officer", phone: "+49 89 4440567" },
    logo: { color: "#b3261e" },
  },
  "kornblume-feinkost": {
    descriptionDe:
      "Feinkost- und Lebensmittelhändler aus Bremen mit 48 Märkten in Norddeutschland und einem Sortiment mit Schwerpunkt auf regionalen Erzeugern.",
    descriptionEn:
      "Delicatessen and grocery retailer from Bremen with 48 stores in northern Germany and a range that centres on regional producers.",
    addressStreet: "Am Wall 118",
    addressPostalCode: "28195",
    addressCity: "Bremen",
    contact: { name: "Lena Vosskamp", role: "Pressesprecherin", phone: "+49 421 5550140" },
    logo: { color: "#2f5fb3", mark: "flower" },
  },
  "brakenhof-maschinenbau": {
    descriptionDe:
      "Familiengeführter Hersteller von Verpackungs- und Abfüllanlagen aus Bielefeld, 640 Beschäftigte, Kunden in über 50 Ländern.",
    descriptionEn:
      "Family-owned maker of packaging and filling machines from Bielefeld with 640 employees and customers in more than 50 countries.",
    addressStreet: "Eckendorfer Straße 40",
    addressPostalCode: "33609",
    addressCity: "Bielefeld",
    contact: { name: "Katrin Meyerhoff", role: "Leiterin Kommunikation", phone: "+49 521 5550188" },
    logo: { color: "#8a4b12", mark: "gear" },
  },
  "lotsenhaus-versicherung": {
    descriptionDe:
      "Regionaler Sach- und Lebensversicherer mit Sitz in Kiel, der rund 410.000 Privat- und Gewerbekunden in Schleswig-Holstein und Hamburg betreut.",
    descriptionEn:
      "Regional property and life insurer based in Kiel, serving some 410,000 private and business customers in Schleswig-Holstein and Hamburg.",
    addressStreet: "Kaistraße 90",
    addressPostalCode: "24114",
    addressCity: "Kiel",
    contact: { name: "Niklas Hansen", role: "Pressesprecher", phone: "+49 431 5550177" },
    logo: { color: "#0e5e6f", mark: "lighthouse" },
  },
  "voltweg-mobility": {
    descriptionDe: "Betreiber von Schnellladenetzen und Software für elektrische Mobilität im Südwesten, gegründet 2019 in Karlsruhe.",
    descriptionEn:
      "Operator of fast-charging networks and software for electric mobility in south-west Germany, founded in Karlsruhe in 2019.",
    addressStreet: "Durlacher Allee 77",
    addressPostalCode: "76131",
    addressCity: "Karlsruhe",
    contact: { name: "Elif Yıldız", role: "Head of Communications", phone: "+49 721 5550133" },
    logo: { color: "#1d7a3a", mark: "bolt" },
  },
  "lumenfeld-photonics": {
    descriptionDe: "Entwickler optischer Bauteile und Lichtquellen für Sensorik, Medizintechnik und Quantenkommunikation mit Sitz in Jena.",
    descriptionEn:
      "Developer of optical components and light sources for sensing, medical technology and quantum communication, based in Jena.",
    addressStreet: "Löbdergraben 12",
    addressPostalCode: "07743",
    addressCity: "Jena",
    contact: { name: "Paul Weigand", role: "Press Officer", phone: "+49 3641 555021" },
    logo: { color: "#6a2c91", mark: "prism" },
  },
};

const BLOCKS = String.raw`
@ nl-speicher | nordlicht-energie | energie | de | 6 | Bredstedt
Nordlicht Energie baut Batteriespeicher am Umspannwerk Bredstedt
Der Speicher mit 40 Megawattstunden nimmt Windstrom auf, wenn das Netz ihn nicht abnehmen kann, und gibt ihn am Abend wieder ab.
Nordlicht Energie hat mit dem Bau eines Batteriespeichers neben dem Umspannwerk Bredstedt begonnen. Die Anlage soll eine Leistung von 20 Megawatt und eine Kapazität von 40 Megawattstunden haben und im Herbst nächsten Jahres ans Netz gehen.
In Nordfriesland müssen Windparks an windreichen Tagen regelmäßig abgeregelt werden, weil die Leitungen den Strom nicht aufnehmen können. Der Speicher soll einen Teil dieser Mengen aufnehmen und in den Abendstunden einspeisen, wenn der Verbrauch am höchsten ist.
„Jede Kilowattstunde, die wir heute abregeln, ist verschenkter Strom aus der Region“, sagt Jana Petersen, Leiterin Unternehmenskommunikation. „Mit dem Speicher holen wir einen Teil davon zurück.“
Die Investition beträgt rund 18 Millionen Euro. Die Module stammen aus europäischer Fertigung, der Aufbau erfolgt in Containerbauweise auf einer bereits versiegelten Fläche.

@ nl-waerme-en | nordlicht-energie | energie | en | 13 | Hamburg
Nordlicht Energie to supply district heating from a river-water heat pump
A 12-megawatt heat pump on the Elbe will cover a quarter of the heat demand of the Wilhelmsburg district network from 2028.
Nordlicht Energie has signed an agreement with the operator of the district heating network in Hamburg-Wilhelmsburg to build a large heat pump that draws its heat from the river Elbe.
The plant will have a thermal output of 12 megawatts and is designed to run primarily on surplus wind power. It will replace part of the gas-fired boilers that currently supply around 9,000 homes.
Water will be taken from the river at a depth of four metres, cooled by a few degrees and returned downstream. Environmental assessments are under way and are expected to be completed next spring.
Construction is scheduled to begin in the second half of next year, subject to the building permit.

@ nl-bilanz | nordlicht-energie | wirtschaft | en | 27 | Hamburg
Nordlicht Energie reports record renewable output for the first nine months
Wind and solar plants generated 1.4 terawatt hours, eleven percent more than a year earlier; revenue rose to 612 million euros.
Nordlicht Energie produced 1.4 terawatt hours of electricity from its own wind and solar plants in the first nine months of the year, the highest figure in the company's history.
Revenue rose by seven percent to 612 million euros, while operating profit remained stable at 58 million euros because of higher grid fees and maintenance costs.
The number of customers grew by 9,500 to around 180,000 households, driven mainly by the regional tariff introduced in January.
For the full year, the company expects operating profit at the upper end of its forecast range of 70 to 76 million euros.

@ nl-archiv | nordlicht-energie | energie | de | 03-18 | Husum
Nordlicht Energie startet Bürgerbeteiligung für den Solarpark Lindholm
Anwohnerinnen und Anwohner können sich ab 250 Euro an der 30-Megawatt-Anlage beteiligen; die Verzinsung ist an den Ertrag gekoppelt.
Für den geplanten Solarpark Lindholm öffnet Nordlicht Energie eine Bürgerbeteiligung. Zeichnen können zunächst Menschen mit Wohnsitz in der Gemeinde und den Nachbargemeinden.
Die Beteiligung läuft über nachrangige Darlehen mit einer Laufzeit von zehn Jahren. Die Verzinsung setzt sich aus einem festen Sockel und einem Bonus zusammen, der vom tatsächlichen Ertrag der Anlage abhängt.
Der Solarpark entsteht auf einer ehemaligen Ackerfläche, die künftig zwischen den Modulreihen als Schafweide genutzt wird.

@ hb-gruender | hansebank | finanzen | de | 8 | Hamburg
Hansebank legt Gründerfonds über 50 Millionen Euro auf
Junge Unternehmen aus Norddeutschland erhalten Kredite ohne klassische Sicherheiten, begleitet von einem festen Ansprechpartner.
Die Hansebank stellt in den kommenden drei Jahren 50 Millionen Euro für Gründungen in Hamburg, Schleswig-Holstein und Niedersachsen bereit. Die Kredite reichen von 25.000 bis 500.000 Euro.
Anders als bei üblichen Finanzierungen verlangt die Bank keine privaten Sicherheiten der Gründerinnen und Gründer. Stattdessen bewertet ein Team aus Firmenkundenbetreuern und Branchenfachleuten Geschäftsmodell und Planung.
„Viele gute Ideen scheitern nicht am Markt, sondern an der ersten Finanzierung“, sagt Dr. Carla Wendt, Vorstandsvorsitzende der Hansebank.
Anträge sind ab sofort in allen Geschäftsstellen und online möglich.

@ hb-luebeck-en | hansebank | banken | en | 16 | Lübeck
Hansebank opens advisory centre for small businesses in Lübeck
Twelve advisers offer financing, payments and succession planning under one roof, with appointments available on Saturdays.
Hansebank has opened a new advisory centre for small and medium-sized businesses in Lübeck's old town. The centre replaces two smaller branches and brings together twelve specialists.
Business customers can discuss investment loans, payment services, foreign trade and company succession in a single appointment. For the first time, the bank also offers appointments on Saturday mornings.
The building, a former warehouse on the Trave, was renovated over eighteen months and is heated entirely by a heat pump.

@ hb-umfrage-en | hansebank | wirtschaft | en | 52 | Hamburg
Survey: northern German companies plan to invest more next year
Six in ten small and medium-sized businesses intend to increase investment, most of them in automation and energy efficiency.
A survey of 1,200 small and medium-sized companies in northern Germany, commissioned by Hansebank, shows a cautious recovery in investment plans for next year.
Sixty-one percent of respondents plan to invest more than this year. Automation and energy efficiency are the most frequently cited goals, followed by digital sales channels.
The shortage of skilled workers remains the biggest concern: three quarters of companies say they cannot fill vacancies within three months.
The full results, broken down by region and industry, are available from the bank's press office.

@ kf-maerkte | kornblume-feinkost | handel | de | 2.5 | Bremen
Kornblume Feinkost eröffnet drei neue Märkte in Niedersachsen
Die Filialen in Oldenburg, Verden und Cloppenburg schaffen zusammen 95 Arbeitsplätze und setzen auf Frischetheken mit Ware aus der Umgebung.
Kornblume Feinkost wächst weiter: Bis Ende des Monats eröffnet der Bremer Händler drei neue Märkte in Oldenburg, Verden und Cloppenburg. Damit betreibt das Unternehmen 51 Filialen.
Die neuen Märkte haben jeweils rund 1.200 Quadratmeter Verkaufsfläche. Im Mittelpunkt stehen Frischetheken für Käse, Fisch und Backwaren, die überwiegend von Erzeugern aus einem Umkreis von 80 Kilometern beliefert werden.
„Unsere Kundinnen und Kunden wollen wissen, woher ihre Lebensmittel kommen“, sagt Lena Vosskamp, Pressesprecherin von Kornblume Feinkost. „Die kurzen Wege machen das möglich.“
Alle drei Märkte werden mit Photovoltaik auf dem Dach und Kälteanlagen mit natürlichen Kältemitteln gebaut.

@ kf-regional-en | kornblume-feinkost | handel | en | 10 | Bremen
Kornblume Feinkost doubles share of regional produce on its shelves
More than 300 farms and small producers from northern Germany now supply the retailer; a label shows the distance each product has travelled.
Kornblume Feinkost has doubled the share of regional products in its range within two years. Around 2,400 items now come from producers in northern Germany, compared with 1,150 two years ago.
A new shelf label shows customers how many kilometres a product has travelled from farm to store. The retailer developed the label together with a regional farmers' association.
To make supplying the stores easier for small farms, Kornblume has set up collection points in four rural districts where producers can drop off goods for joint transport.
The retailer aims to source a third of its fresh produce regionally by the end of next year.

@ kf-ausbildung | kornblume-feinkost | wirtschaft | de | 20 | Bremen
Kornblume Feinkost bildet so viele junge Menschen aus wie nie
120 Auszubildende haben in diesem Herbst begonnen, erstmals auch im neuen Berufsbild Kaufmann im E-Commerce.
Zum Ausbildungsstart hat Kornblume Feinkost 120 junge Menschen eingestellt, so viele wie nie zuvor. Sie lernen in den Märkten, im Zentrallager in Achim und in der Verwaltung in Bremen.
Neu ist die Ausbildung zur Kauffrau und zum Kaufmann im E-Commerce. Die Auszubildenden betreuen den Lieferservice, der inzwischen in zwölf Städten angeboten wird.
Wer die Ausbildung mit gutem Ergebnis abschließt, erhält eine Übernahmegarantie. Im vergangenen Jahr sind 94 Prozent der Absolventinnen und Absolventen im Unternehmen geblieben.

@ kf-archiv | kornblume-feinkost | handel | en | 11-20 | Bremen
Kornblume Feinkost launches click-and-collect in all stores
Orders placed online by noon can be picked up the same afternoon from refrigerated lockers at every store.
Kornblume Feinkost now offers click-and-collect in all 48 stores. Customers order online or in the app and collect their shopping from temperature-controlled lockers at the store entrance.
Orders received by 12 noon are ready the same afternoon. There is no charge for orders over 40 euros.
The lockers have separate compartments for frozen, chilled and ambient goods, so that customers can collect at any time during opening hours.

@ bm-auftrag | brakenhof-maschinenbau | mittelstand | de | 4 | Bielefeld
Brakenhof Maschinenbau erhält Großauftrag aus Skandinavien
Ein Molkereiverbund bestellt 14 Abfüllanlagen für Mehrwegflaschen; der Auftrag sichert die Auslastung des Werks bis Ende 2028.
Brakenhof Maschinenbau hat den größten Einzelauftrag seiner Firmengeschichte erhalten. Ein skandinavischer Molkereiverbund bestellt 14 Abfüllanlagen für Glas-Mehrwegflaschen im Wert von rund 46 Millionen Euro.
Die Anlagen füllen bis zu 24.000 Flaschen pro Stunde und erkennen beschädigte Flaschen per Kamera, bevor sie befüllt werden. Die Auslieferung beginnt im kommenden Sommer und erstreckt sich über zwei Jahre.
„Mehrweg ist für unsere Kunden kein Nischenthema mehr“, sagt Katrin Meyerhoff, Leiterin Kommunikation. „Wir haben früh in diese Technik investiert, das zahlt sich jetzt aus.“
Für den Auftrag stellt Brakenhof am Standort Bielefeld 35 zusätzliche Fachkräfte in Montage und Inbetriebnahme ein.

@ bm-service-en | brakenhof-maschinenbau | mittelstand | en | 18 | Bielefeld
Brakenhof Maschinenbau opens service centre in Wrocław
Technicians and a spare-parts warehouse will shorten response times for customers in Central and Eastern Europe to under 24 hours.
Brakenhof Maschinenbau has opened its first service centre outside Germany in Wrocław, Poland. Eighteen service technicians and a spare-parts warehouse are based at the new site.
Customers in Poland, the Czech Republic, Slovakia and Hungary currently wait up to three days for a technician from Bielefeld. The new centre aims to be on site within 24 hours.
The centre also trains customers' maintenance staff on Brakenhof machines in a training hall with two complete filling lines.
The company plans to employ up to 30 people in Wrocław by the end of next year.

@ bm-nachfolge | brakenhof-maschinenbau | mittelstand | de | 34 | Bielefeld
Brakenhof Maschinenbau regelt die Nachfolge in der Geschäftsführung
Das Familienunternehmen geht in die dritte Generation; der bisherige Geschäftsführer wechselt zum Jahresende in den Beirat.
Brakenhof Maschinenbau hat die Nachfolge an der Spitze geregelt. Zum 1. Januar übernimmt Johanna Brakenhof die Geschäftsführung gemeinsam mit dem langjährigen Technikvorstand Stefan Kruse.
Johanna Brakenhof ist seit sechs Jahren im Unternehmen und leitet derzeit den Bereich Vertrieb und Service. Ihr Vater Friedrich Brakenhof wechselt nach 27 Jahren an der Spitze in den Beirat.
Das Unternehmen bleibt vollständig in Familienbesitz. Ein Verkauf an Finanzinvestoren sei nie eine Option gewesen, heißt es aus dem Unternehmen.

@ bm-abwaerme-en | brakenhof-maschinenbau | energie | en | 41 | Bielefeld
Brakenhof heats its plant with waste heat from its own test benches
Heat recovered from machine testing now covers 70 percent of the heating demand of the Bielefeld plant.
Brakenhof Maschinenbau has put into operation a system that recovers heat from the test benches on which every machine runs for several days before delivery.
The heat is stored in two insulated water tanks with a combined volume of 300 cubic metres and distributed to the assembly halls and offices via the existing heating network.
The system is expected to save around 900 tonnes of carbon dioxide a year. The remaining demand is covered by a heat pump and, on very cold days, by the old gas boiler.

@ bm-archiv | brakenhof-maschinenbau | mittelstand | de | 06-05 | Bielefeld
Brakenhof Maschinenbau feiert 75 Jahre am Standort Bielefeld
Aus einer Reparaturwerkstatt für Landmaschinen ist ein Hersteller von Abfüllanlagen mit Kunden in über 50 Ländern geworden.
Mit einem Tag der offenen Tür hat Brakenhof Maschinenbau sein 75-jähriges Bestehen gefeiert. Rund 4.000 Besucherinnen und Besucher nutzten die Gelegenheit, die Werkshallen zu besichtigen.
Das Unternehmen wurde als Reparaturwerkstatt für Landmaschinen gegründet und baute seine erste Abfüllanlage für eine örtliche Molkerei. Heute arbeiten 640 Menschen für Brakenhof.
Zum Jubiläum spendet das Unternehmen 75.000 Euro an Schulen in Bielefeld für die Ausstattung von Technikräumen.

@ lv-sturm | lotsenhaus-versicherung | versicherungen | de | 1.2 | Kiel
Lotsenhaus Versicherung reguliert Sturmschäden per Foto innerhalb von 48 Stunden
Nach dem Sturmtief der vergangenen Woche erhalten Kundinnen und Kunden ihr Geld bei kleineren Schäden ohne Gutachtertermin.
Nach dem Sturmtief über Schleswig-Holstein sind bei der Lotsenhaus Versicherung bisher rund 6.300 Schadenmeldungen eingegangen, vor allem abgedeckte Dächer, umgestürzte Bäume und beschädigte Zäune.
Schäden bis 5.000 Euro können Kundinnen und Kunden per Foto über das Kundenportal melden. Die Versicherung sagt zu, diese Fälle innerhalb von 48 Stunden zu prüfen und auszuzahlen.
„Wer ein Loch im Dach hat, kann nicht zwei Wochen auf einen Gutachter warten“, sagt Niklas Hansen, Pressesprecher der Lotsenhaus Versicherung.
Für größere Schäden hat das Unternehmen zusätzliche Gutachterinnen und Gutachter aus Hamburg in die betroffenen Regionen geschickt.

@ lv-cyber-en | lotsenhaus-versicherung | versicherungen | en | 12 | Kiel
Lotsenhaus Versicherung launches cyber insurance for craft businesses
The policy covers data recovery, business interruption and an emergency hotline, starting at 19 euros a month.
Lotsenhaus Versicherung has launched a cyber insurance policy designed for small craft businesses such as electricians, carpenters and bakeries with up to 50 employees.
The policy covers the cost of restoring data and systems after an attack, loss of income while the business cannot operate and claims from customers whose data has been affected.
Policyholders also have access to a hotline staffed around the clock by IT security specialists who can help within hours of an incident.
The insurer developed the product together with two regional chambers of crafts, which will also offer free security checks for their members.

@ lv-zahlen | lotsenhaus-versicherung | finanzen | de | 24 | Kiel
Lotsenhaus Versicherung steigert Beitragseinnahmen um sechs Prozent
Die Schadenquote sinkt trotz mehrerer Unwetter leicht; der Versicherer bestätigt seine Prognose für das Gesamtjahr.
Die Lotsenhaus Versicherung hat in den ersten drei Quartalen Beitragseinnahmen von 742 Millionen Euro erzielt, sechs Prozent mehr als im Vorjahreszeitraum.
Die Schadenquote in der Sachversicherung ging leicht von 71 auf 69 Prozent zurück, obwohl mehrere Unwetter im Sommer zu hohen Schäden in der Wohngebäudeversicherung führten.
Die Zahl der Kundinnen und Kunden stieg auf rund 410.000. Besonders stark wuchs die Gewerbeversicherung mit einem Plus von neun Prozent.
Für das Gesamtjahr erwartet der Vorstand ein Ergebnis vor Steuern zwischen 48 und 54 Millionen Euro.

@ lv-anlagen-en | lotsenhaus-versicherung | finanzen | en | 45 | Kiel
Lotsenhaus Versicherung moves a fifth of its investments into renewable infrastructure
By 2030 the insurer intends to hold around 900 million euros in wind farms, solar parks and heat networks in northern Germany.
Lotsenhaus Versicherung plans to invest 20 percent of its capital investments in renewable energy infrastructure by 2030, up from six percent today.
The focus is on long-term holdings in wind farms, solar parks and district heating networks in Schleswig-Holstein, Hamburg and Lower Saxony.
Infrastructure investments provide stable returns over decades that match the long-term obligations of life insurance, the company says.
The insurer has set up its own investment team of eight specialists for the new asset class.

@ ql-audit-en | quellcode-labs | sicherheit | en | 3.5 | Berlin
Quellcode Labs publishes independent audit of its signing service
An external review found no critical vulnerabilities; two medium-severity findings have already been fixed.
Quellcode Labs has published the full report of an independent security audit of its code signing service, which customers use to sign software before deployment.
The auditors spent six weeks reviewing the source code, the key management and the operating procedures. They found no critical or high-severity vulnerabilities.
Two medium-severity findings concerned the rotation of internal credentials and the logging of failed requests. Both have been fixed and the fixes verified by the auditors.
Quellcode Labs intends to repeat the audit every year and publish the results in full.

@ ql-rechenzentrum | quellcode-labs | cloud | de | 9 | Berlin
Quellcode Labs betreibt Harbor künftig in deutschen Rechenzentren
Kundinnen und Kunden können wählen, dass ihre Daten ausschließlich in Frankfurt und Berlin verarbeitet werden.
Quellcode Labs bietet seine Deployment-Plattform Harbor ab sofort auch in zwei Rechenzentren in Frankfurt am Main und Berlin an. Die Daten verlassen dabei nicht die Europäische Union.
Das Angebot richtet sich vor allem an Behörden, Krankenhäuser und Finanzdienstleister, die strenge Vorgaben für den Ort der Datenverarbeitung einhalten müssen.
Beide Standorte arbeiten gespiegelt, sodass der Betrieb beim Ausfall eines Rechenzentrums weiterläuft. Die Rechenzentren werden mit Strom aus erneuerbaren Quellen betrieben.
„Die Frage, wo Daten liegen, ist für viele unserer Kunden keine technische, sondern eine rechtliche“, sagt Aylin Demir, Head of Communications.

@ ql-cli-en | quellcode-labs | software | en | 22 | Berlin
Quellcode Labs releases free tool for reviewing software dependencies
The open-source command-line tool flags unmaintained and unsigned packages before they enter a project.
Quellcode Labs has released a free command-line tool that helps development teams review the third-party packages their software depends on.
The tool checks each dependency for signs of abandonment, missing signatures, recently changed maintainers and known vulnerabilities, and produces a report that can be used in code reviews.
It is published under an open-source licence and works with the most common package managers for JavaScript, Python and Go.
Feedback from the first 200 teams testing the tool has been incorporated into this release.

@ ql-lieferkette | quellcode-labs | sicherheit | de | 48 | Leipzig
Quellcode Labs veröffentlicht Leitfaden für sichere Software-Lieferketten
Das Sicherheitslabor in Leipzig fasst in 40 Seiten zusammen, wie Unternehmen manipulierte Software-Pakete erkennen.
Das Leipziger Sicherheitslabor von Quellcode Labs hat einen frei verfügbaren Leitfaden veröffentlicht, der beschreibt, wie Unternehmen ihre Software-Lieferkette absichern können.
Der Leitfaden behandelt die Signatur von Software, die Prüfung externer Pakete, den Schutz von Build-Servern und den Umgang mit Sicherheitsvorfällen. Zu jedem Thema gibt es eine Checkliste.
Er richtet sich ausdrücklich auch an kleinere Unternehmen ohne eigene Sicherheitsabteilung.

@ ql-archiv | quellcode-labs | software | de | 05-27 | Berlin
Quellcode Labs schließt Finanzierungsrunde über 18 Millionen Euro ab
Mit dem Geld will das Berliner Unternehmen sein Team verdoppeln und ein Sicherheitslabor aufbauen.
Quellcode Labs hat eine Finanzierungsrunde über 18 Millionen Euro abgeschlossen. Angeführt wird sie von einem europäischen Wagniskapitalgeber, die bisherigen Investoren beteiligen sich erneut.
Das Unternehmen will mit dem Kapital die Zahl seiner Beschäftigten von 45 auf rund 90 verdoppeln, vor allem in Entwicklung und Kundenbetreuung.
Ein Teil des Geldes fließt in den Aufbau eines eigenen Labors für Sicherheitsforschung.

@ ms-linie-en | medisense | medizintechnik | en | 7 | Munich
MediSense opens second production line for sensor cartridges
The new line in Munich triples capacity to 1.5 million cartridges a year and creates 60 jobs.
MediSense has opened a second production line for the single-use cartridges used in its diagnostic sensors. The line is located at the company's headquarters in Munich.
Annual capacity rises from 500,000 to 1.5 million cartridges. MediSense is responding to growing demand from hospitals that use the sensors in emergency departments and intensive care units.
The line is largely automated. Each cartridge is tested optically and electrically before it leaves the clean room.
The investment amounts to around 22 million euros, partly financed by a regional innovation programme.

@ ms-pflaster | medisense | forschung | de | 30 | München
MediSense startet Studie zu Sensorpflastern auf der Intensivstation
Drei Universitätskliniken testen, ob ein Pflaster mit Sensoren Entzündungswerte kontinuierlich messen kann.
MediSense hat gemeinsam mit drei Universitätskliniken eine Studie zu einem Sensorpflaster begonnen, das Entzündungsmarker im Schweiß kontinuierlich misst.
An der Studie nehmen 300 Patientinnen und Patienten auf Intensivstationen teil. Die Messwerte des Pflasters werden mit regelmäßigen Blutuntersuchungen verglichen.
Gelingt der Nachweis, könnten Ärztinnen und Ärzte eine beginnende Infektion früher erkennen, ohne zusätzlich Blut abnehmen zu müssen.
Erste Ergebnisse werden für Ende nächsten Jahres erwartet.

@ ms-archiv | medisense | medizintechnik | de | 12-04 | München
MediSense verdoppelt die Belegschaft in München
Das Medizintechnikunternehmen beschäftigt nun 210 Menschen und bezieht zusätzliche Flächen für Entwicklung und Fertigung.
MediSense ist im zurückliegenden Jahr deutlich gewachsen: Die Zahl der Beschäftigten stieg von 105 auf 210.
Neue Stellen entstanden vor allem in der Entwicklung, der Qualitätssicherung und der Fertigung. Das Unternehmen hat dafür zusätzliche 3.000 Quadratmeter in einem Gewerbehof im Münchner Norden angemietet.
Im kommenden Jahr will MediSense weitere 40 Stellen besetzen.

@ vw-laden | voltweg-mobility | mobilitaet | de | 1.8 | Karlsruhe
Voltweg Mobility nimmt 40 Schnellladepunkte an Pendlerparkplätzen in Betrieb
An zehn Park-and-Ride-Plätzen in Baden laden Elektroautos mit bis zu 300 Kilowatt, bezahlt wird per Karte direkt an der Säule.
Voltweg Mobility hat an zehn Park-and-Ride-Plätzen zwischen Karlsruhe, Rastatt und Bruchsal insgesamt 40 Schnellladepunkte in Betrieb genommen.
Die Säulen laden mit bis zu 300 Kilowatt. Bezahlt wird ohne App und Vertrag mit Bank- oder Kreditkarte direkt an der Säule. Der Preis pro Kilowattstunde ist an jeder Säule gut sichtbar angeschrieben.
„Wer morgens in die Bahn umsteigt, soll abends mit vollem Akku nach Hause fahren“, sagt Elif Yıldız, Head of Communications bei Voltweg Mobility.
Bis Ende nächsten Jahres sollen weitere 25 Standorte folgen.

@ vw-shuttle-en | voltweg-mobility | mobilitaet | en | 11 | Freudenstadt
Voltweg Mobility starts on-demand shuttle trial in three Black Forest towns
Electric minibuses can be booked by app or phone and pick up passengers within 15 minutes.
Voltweg Mobility has started a two-year trial of on-demand electric shuttles in Freudenstadt, Baiersbronn and Alpirsbach, together with the local public transport association.
Six electric minibuses run without a fixed timetable. Passengers book a ride by app or by phone and are picked up within 15 minutes at one of 240 virtual stops.
The software that bundles the trips was developed by Voltweg. It combines rides with similar destinations and connects them to train departures.
Fares are the same as on regular buses; holders of a monthly pass ride at no extra cost.

@ vw-api | voltweg-mobility | software | de | 26 | Karlsruhe
Voltweg Mobility öffnet Schnittstelle für Ladezeiten-Prognosen
Navigations- und Flottendienste können vorhersagen lassen, wann an einer Säule ein Ladepunkt frei wird.
Voltweg Mobility stellt eine offene Programmierschnittstelle bereit, über die andere Anbieter die Belegung seiner Ladepunkte und eine Prognose der Wartezeit abrufen können.
Die Prognose beruht auf anonymisierten Ladevorgängen der vergangenen zwei Jahre und berücksichtigt Wochentag, Uhrzeit, Ferien und Wetter.
Die Nutzung ist für nichtkommerzielle Anwendungen kostenlos. Flottenbetreiber können einen Vertrag mit garantierter Verfügbarkeit abschließen.

@ vw-archiv | voltweg-mobility | mobilitaet | en | 08-21 | Karlsruhe
Voltweg Mobility completes first year of bidirectional charging pilot
Fifty electric cars fed power back into the grid at peak times, earning their owners an average of 310 euros.
Voltweg Mobility has completed the first year of a pilot project in which 50 private electric cars supplied electricity back to the grid when demand was high.
Owners set a minimum charge level that was never undercut. On average, each car returned 1,100 kilowatt hours to the grid over the year.
The pilot was carried out together with a regional grid operator and will be extended to 500 cars next year.

@ lp-quelle | lumenfeld-photonics | forschung | de | 5 | Jena
Lumenfeld Photonics entwickelt Lichtquelle für abhörsichere Quantenkommunikation
Die Quelle erzeugt einzelne Photonen bei Raumtemperatur und passt auf einen Chip von wenigen Millimetern.
Forschende von Lumenfeld Photonics haben eine Lichtquelle entwickelt, die zuverlässig einzelne Lichtteilchen aussendet und dabei ohne aufwendige Kühlung auskommt.
Solche Einzelphotonenquellen sind ein Baustein für die Quantenkommunikation, bei der ein Abhörversuch physikalisch bemerkt würde. Bisherige Quellen mussten meist auf sehr tiefe Temperaturen gekühlt werden.
Die Ergebnisse wurden in einer Fachzeitschrift für Photonik veröffentlicht. Das Projekt wurde gemeinsam mit zwei Forschungsinstituten durchgeführt und öffentlich gefördert.
Lumenfeld will bis Ende nächsten Jahres erste Muster an Partner in der Industrie liefern.

@ lp-spektrometer-en | lumenfeld-photonics | forschung | en | 15 | Jena
Lumenfeld Photonics demonstrates a spectrometer the size of a fingernail
The chip-sized device could let smartphones and handheld scanners check the ripeness of fruit or the quality of plastics.
Lumenfeld Photonics and two university partners have demonstrated a spectrometer that fits on a chip measuring eight by eight millimetres.
Conventional spectrometers, which analyse the composition of materials by the light they reflect, are the size of a shoebox. The new device achieves comparable accuracy in the near-infrared range.
Possible applications include checking the ripeness of fruit in retail, sorting plastics for recycling and monitoring production processes.
The partners are now looking for industrial companies to test the technology in pilot applications.

@ lp-oximetrie-en | lumenfeld-photonics | medizintechnik | en | 33 | Jena
Lumenfeld Photonics launches optical module for blood oxygen sensors
The module measures reliably on all skin tones, addressing a known weakness of conventional pulse oximeters.
Lumenfeld Photonics has launched an optical module for manufacturers of pulse oximeters, the devices that measure oxygen saturation through the skin.
Conventional devices use two wavelengths of light and are known to overestimate oxygen levels in people with darker skin. The new module uses five wavelengths and a calibration developed on a diverse group of volunteers.
In a clinical evaluation with 180 participants, the deviation from blood gas measurements was similar across all skin tones.
The module is available to device manufacturers as a complete component including software.

@ lp-archiv | lumenfeld-photonics | forschung | de | 04-09 | Jena
Lumenfeld Photonics bezieht neues Reinraumgebäude in Jena
Auf 1.800 Quadratmetern fertigt das Unternehmen künftig optische Chips in kleinen Serien.
Lumenfeld Photonics hat sein neues Gebäude im Süden Jenas bezogen. Herzstück ist ein Reinraum mit 1.800 Quadratmetern, in dem optische Chips in kleinen Serien gefertigt werden.
Bisher musste das Unternehmen für jeden Fertigungsschritt auf externe Dienstleister zurückgreifen. Entwicklungszyklen verkürzen sich damit von Monaten auf Wochen.
Im neuen Gebäude arbeiten 85 Menschen, bis zu 60 weitere Arbeitsplätze sollen in den nächsten drei Jahren entstehen.
`;

/** The blocks above as demo releases: published, with the newsroom's press contact. */
export const NEWSROOM_RELEASES: DemoRelease[] = BLOCKS.trim()
  .split(/\n\s*\n/)
  .map((block) => {
    const [header, title, lead, ...paragraphs] = block.trim().split("\n");
    const [key, company, category, language, when, location] = header!.replace(/^@\s*/, "").split(/\s*\|\s*/);
    if (!location || (language !== "de" && language !== "en") || paragraphs.length < 3)
      throw new Error(`malformed demo release block: ${header}`);
    const lastYear = /^\d\d-\d\d$/.test(when!) ? when : undefined;
    return {
      key: key!,
      company: company!,
      category: category!,
      language,
      state: "published" as const,
      days: lastYear ? 0 : Number(when),
      ...(lastYear ? { lastYear } : {}),
      location,
      title: title!,
      lead: lead!,
      paragraphs,
      contact: "newsroom" as const,
    };
  });
