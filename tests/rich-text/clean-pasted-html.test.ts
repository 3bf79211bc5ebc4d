import { describe, expect, it } from "vitest";
import { cleanPastedHtml } from "@/components/ui/rich-text/clean-pasted-html";

// Clipboard HTML as Chromium hands it to the editor: Word for Windows (a whole document with
// Office namespaces, conditional comments and list paragraphs) and Google Docs (one <b> with
// font-weight:normal around everything, formatting in inline styles, lists nested in lists).

const WORD = `<html xmlns:v="urn:schemas-microsoft-com:vml"
xmlns:o="urn:schemas-microsoft-com:office:office"
xmlns:w="urn:schemas-microsoft-com:office:word"
xmlns:m="http://schemas.microsoft.com/office/2004/12/omml"
xmlns="http://www.w3.org/TR/REC-html40">

<head>
<meta http-equiv=Content-Type content="text/html; charset=utf-8">
<meta name=ProgId content=Word.Document>
<meta name=Generator content="Microsoft Word 15">
<link rel=File-List
href="file:///C:/Users/jana/AppData/Local/Temp/msohtmlclip1/01/clip_filelist.xml">
<!--[if gte mso 9]><xml>
 <o:OfficeDocumentSettings>
  <o:AllowPNG/>
 </o:OfficeDocumentSettings>
</xml><![endif]-->
<style>
<!--
 /* Font Definitions */
 @font-face
	{font-family:"Cambria Math";
	panose-1:2 4 5 3 5 4 6 3 2 4;}
p.MsoNormal, li.MsoNormal, div.MsoNormal
	{mso-style-unhide:no;
	margin:0cm;
	font-size:12.0pt;
	font-family:"Calibri",sans-serif;}
-->
</style>
</head>

<body lang=DE style='tab-interval:35.4pt;word-wrap:break-word'>
<!--StartFragment-->

<h1><a name="_Toc160000001"></a><span lang=DE>Nordlicht Energie eröffnet Servicezentrum</span></h1>

<p class=MsoNormal><b><span style='mso-bidi-font-weight:normal'>Husum</span></b><span
lang=DE>, 12. März 2026 – Die Nordlicht Energie GmbH hat ein neues <i>Servicezentrum</i>
eröffnet. Mehr unter <a href="https://nordlicht-energie.example/presse?a=1&amp;b=2">nordlicht-energie.example</a>.<o:p></o:p></span></p>

<p class=MsoNormal><o:p>&nbsp;</o:p></p>

<p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span
style='font-family:Symbol;mso-fareast-font-family:Symbol;mso-bidi-font-family:
Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;
</span></span></span><![endif]><span lang=DE>35 Beschäftigte<o:p></o:p></span></p>

<p class=MsoListParagraphCxSpMiddle style='margin-left:72.0pt;mso-add-space:auto;
text-indent:-18.0pt;mso-list:l0 level2 lfo1'><![if !supportLists]><span
style='font-family:"Courier New";mso-fareast-font-family:"Courier New"'><span
style='mso-list:Ignore'>o<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;
</span></span></span><![endif]><span lang=DE>davon 12 in der Beratung<o:p></o:p></span></p>

<p class=MsoListParagraphCxSpLast style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span
style='font-family:Symbol'><span style='mso-list:Ignore'>·<span
style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;
</span></span></span><![endif]><span lang=DE>Solaranlage mit <b>120 kW</b><o:p></o:p></span></p>

<p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt;mso-list:l1 level1 lfo2'><!--[if !supportLists]--><span
lang=DE><span style='mso-list:Ignore'>1.<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;
</span></span></span><!--[endif]--><span lang=DE>Erster Schritt<o:p></o:p></span></p>

<p class=MsoListParagraphCxSpLast style='text-indent:-18.0pt;mso-list:l1 level1 lfo2'><!--[if !supportLists]--><span
lang=DE><span style='mso-list:Ignore'>2.<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;
</span></span></span><!--[endif]--><span lang=DE>Zweiter Schritt<o:p></o:p></span></p>

<p class=MsoNormal><span lang=DE style='color:#2F5496;mso-themecolor:accent1'><a href="#_Toc160000001">Zurück nach oben</a><o:p></o:p></span></p>

<p class=MsoQuote><i><span lang=DE>„Wir sind gern vor Ort.“<o:p></o:p></span></i></p>

<!--EndFragment-->
</body>

</html>`;

const GOOGLE_SPAN =
  "font-size:11pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;";
const GOOGLE_DOCS = `<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-3c1f5a2e-7fff-1d2a-8b1e-0a6d9b1f2c3d"><h2 dir="ltr" style="line-height:1.38;margin-top:18pt;margin-bottom:6pt;"><span style="font-size:16pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;">Neues Servicezentrum in Husum</span></h2><p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;"><span style="${GOOGLE_SPAN}font-weight:400;font-style:normal;">Die Nordlicht Energie GmbH hat in </span><span style="${GOOGLE_SPAN}font-weight:700;font-style:normal;">Husum</span><span style="${GOOGLE_SPAN}font-weight:400;font-style:normal;"> ein </span><span style="${GOOGLE_SPAN}font-weight:400;font-style:italic;">neues Zentrum</span><span style="${GOOGLE_SPAN}font-weight:400;font-style:normal;"> eröffnet. </span><a href="https://nordlicht-energie.example/" style="text-decoration:none;"><span style="font-size:11pt;font-family:Arial,sans-serif;color:#1155cc;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:underline;-webkit-text-decoration-skip:none;text-decoration-skip-ink:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;">Zur Website</span></a></p><br><p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;"><span style="${GOOGLE_SPAN}font-weight:400;font-style:normal;"></span></p><ul style="margin-top:0;margin-bottom:0;padding-inline-start:48px;"><li dir="ltr" style="list-style-type:disc;font-size:11pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;" aria-level="1"><p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;" role="presentation"><span style="${GOOGLE_SPAN}font-weight:400;font-style:normal;">Beratung</span></p></li><ul style="margin-top:0;margin-bottom:0;padding-inline-start:48px;"><li dir="ltr" style="list-style-type:circle;font-size:11pt;font-weight:400;" aria-level="2"><p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;" role="presentation"><span style="${GOOGLE_SPAN}font-weight:400;font-style:normal;">Wärmepumpen</span></p></li></ul><li dir="ltr" style="list-style-type:disc;font-size:11pt;font-weight:400;" aria-level="1"><p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;" role="presentation"><span style="${GOOGLE_SPAN}font-weight:700;font-style:italic;">Netzservice</span></p></li></ul><br><ol style="margin-top:0;margin-bottom:0;padding-inline-start:48px;"><li dir="ltr" style="list-style-type:decimal;font-size:11pt;font-weight:400;" aria-level="1"><p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;" role="presentation"><span style="${GOOGLE_SPAN}font-weight:400;font-style:normal;">Antrag stellen</span></p></li></ol></b><br class="Apple-interchange-newline">`;

describe("cleanPastedHtml", () => {
  it("reduces Word's clipboard document to headings, paragraphs, marks, links and real lists", () => {
    expect(cleanPastedHtml(WORD)).toBe(
      [
        "<h2>Nordlicht Energie eröffnet Servicezentrum</h2>",
        '<p><strong>Husum</strong>, 12. März 2026 – Die Nordlicht Energie GmbH hat ein neues <em>Servicezentrum</em> eröffnet. Mehr unter <a href="https://nordlicht-energie.example/presse?a=1&amp;b=2">nordlicht-energie.example</a>.</p>',
        "<ul><li><p>35 Beschäftigte</p><ul><li><p>davon 12 in der Beratung</p></li></ul></li><li><p>Solaranlage mit <strong>120 kW</strong></p></li></ul>",
        "<ol><li><p>Erster Schritt</p></li><li><p>Zweiter Schritt</p></li></ol>",
        "<p>Zurück nach oben</p>",
        "<p><em>„Wir sind gern vor Ort.“</em></p>",
      ].join(""),
    );
  });

  it("keeps Google Docs' text from turning bold and reads its inline styles and nested lists", () => {
    expect(cleanPastedHtml(GOOGLE_DOCS)).toBe(
      [
        "<h2>Neues Servicezentrum in Husum</h2>",
        '<p>Die Nordlicht Energie GmbH hat in <strong>Husum</strong> ein <em>neues Zentrum</em> eröffnet. <a href="https://nordlicht-energie.example/">Zur Website</a></p>',
        "<ul><li><p>Beratung</p><ul><li><p>Wärmepumpen</p></li></ul></li><li><p><strong><em>Netzservice</em></strong></p></li></ul>",
        "<ol><li><p>Antrag stellen</p></li></ol>",
      ].join(""),
    );
  });

  it("leaves no style, class, span or Office markup behind", () => {
    const out = cleanPastedHtml(WORD) + cleanPastedHtml(GOOGLE_DOCS);
    expect(out).not.toMatch(/style=|class=|<span|<o:p|<b[ >]|mso-|<!--|<meta|docs-internal/i);
    expect(out).not.toContain("·");
  });

  it("drops empty paragraphs, unsafe links, images and scripts; maps other headings to h2/h3 and keeps quotes and line breaks", () => {
    const html = `<p>&nbsp;</p><p> <br> </p><h4 class="x">Kleiner Titel</h4><p>Zeile eins<br>Zeile zwei<br></p>
      <p><a href="javascript:alert(1)">böse</a> und <a href="mailto:presse@beispiel.de">Mail</a> <img src="x.png" alt="Bild"><script>alert(2)</script></p>
      <blockquote><p><u>Zitat</u> mit <span style="font-weight:bold">Nachdruck</span></p></blockquote>`;
    expect(cleanPastedHtml(html)).toBe(
      '<h3>Kleiner Titel</h3><p>Zeile eins<br>Zeile zwei</p><p>böse und <a href="mailto:presse@beispiel.de">Mail</a></p><blockquote><p>Zitat mit <strong>Nachdruck</strong></p></blockquote>',
    );
  });

  it("wraps loose text in paragraphs and keeps entities and a lone < as text", () => {
    expect(cleanPastedHtml("Erste Zeile &amp; mehr < weniger<div>Zweiter Block</div>")).toBe(
      "<p>Erste Zeile &amp; mehr &lt; weniger</p><p>Zweiter Block</p>",
    );
    expect(cleanPastedHtml("")).toBe("");
  });
});
