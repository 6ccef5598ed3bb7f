/**
 * Compact stop-word lists for the built-in keyphrase and summary methods. Function words plus, for
 * English, the reporting verbs and fillers that top frequency counts of news and blog pages
 * ("said", "also") without saying what a page is about. Space-separated to stay short to read.
 */
const LISTS: Record<string, string> = {
  en: `a about above across after again against all almost along already also although always am among an and
    another any anyone anything are aren't around as at away back be became because become been before being
    below between both but by can can't cannot could couldn't did didn't do does doesn't doing don't done down
    during each either else enough etc even ever every few first for from further get gets getting go goes going
    gone got had hadn't has hasn't have haven't having he he'd he'll he's her here here's hers herself him himself
    his how how's however i i'd i'll i'm i've if in including inside instead into is isn't it it's its itself
    just last later least less let let's like likely made make makes many may maybe me might mine more most
    mostly much must mustn't my myself near need needs neither never next no nobody none nor not nothing now of
    off often on once one ones only onto or other others otherwise our ours ourselves out over own per perhaps
    put quite rather really said same say saying says see seen several shall shan't she she'd she'll she's
    should shouldn't since so some somebody someone something sometimes soon still such than that that's the
    their theirs them themselves then there there's therefore these they they'd they'll they're they've thing
    things this those though through thus till to too took toward towards under unless until up upon us use used
    uses using very via was wasn't way we we'd we'll we're we've well went were weren't what what's whatever
    when when's where where's whether which while who who's whom whose why why's will with within without won't
    would wouldn't yes yet you you'd you'll you're you've your yours yourself yourselves told tell tells according
    across actually around asked going want wants know knows think thinks look looks come comes came take takes
    lot lots got ago ok okay also re ll ve don doesn didn isn wasn aren weren monday tuesday wednesday thursday
    friday saturday sunday january february march april june july august september october november december`,
  de: `aber alle allem allen aller alles als also am an ander andere anderem anderen anderer anderes anders auch
    auf aus bei beim bereits bin bis bist bzw da dabei dadurch dafür dagegen daher damit dann dar daran darauf
    darum das dass daß dein deine dem den denen denn der deren des deshalb dessen die dies diese diesem diesen
    dieser dieses doch dort du durch ein eine einem einen einer eines einige einigen einiger einiges einmal er es
    etwa etwas euch euer eure für gab gegen gibt ging habe haben hat hatte hatten hier hin hinter ich ihm ihn
    ihnen ihr ihre ihrem ihren ihrer ihres im immer in indem ins ist ja jede jedem jeden jeder jedes jedoch jetzt
    kann kein keine keinem keinen keiner können könnte machen man manche mehr mein meine mich mir mit muss musste
    nach nicht nichts noch nun nur ob oder ohne schon sehr sein seine seinem seinen seiner sei seit sich sie
    sind so solche soll sollen sollte sondern sowie über um und uns unser unsere unter viel viele vom von vor
    wann war waren warum was weil weiter welche welchem welchen welcher welches wenn wer werde werden wie wieder
    will wir wird wo wollen worden wurde wurden zu zum zur zwar zwischen sagt sagte laut ab gut neue neuen`,
  fr: `a à afin ai aie aient ainsi alors après as au aucun aucune aujourd auprès aussi autre autres aux avait
    avaient avant avec avez avoir avons ayant c ça car ce ceci cela celle celles celui cependant ces cet cette
    ceux chaque chez ci comme comment d dans de des depuis dès deux devant doit donc dont du elle elles en encore
    entre est et était étaient été être eu eux fait faire fois font hors il ils j je jusqu jusque l la là le
    les leur leurs lors lorsque lui m ma mais me même mes moi moins mon n ne ni non nos notre nous on ont ou où
    par parce pas pendant peu peut peuvent plus plusieurs pour pourquoi qu quand que quel quelle quelles quels
    qui quoi s sa sans se selon ses si sien son sont sous sur t ta tandis te tes toi ton tous tout toute toutes
    très tu un une vers voici voilà vos votre vous y été dit selon contre sera seront serait seraient était avait
    avaient aura auront fut ont sont déjà`,
  es: `a al algo algunas algunos ante antes aquel aquella aquellas aquellos aquí así aunque cada casi como con
    contra cual cuales cuando cuanto de del desde donde dos durante e el él ella ellas ellos en entre era eran
    es esa esas ese eso esos esta está están estaba estaban estar este esto estos fue fueron ha había habían han
    hasta hay la las le les lo los más me mi mientras mis muy nada ni no nos nosotros o os otra otras otro otros
    para pero poco por porque pues que qué quien quienes se sea ser si sí sido sin sobre su sus también tan
    tanto te tenía tiene tienen todo todos tras tu tus un una unas uno unos usted ya yo dijo según además así`,
  it: `a ad agli ai al alla alle allo anche ancora avere aveva c che chi ci come con contro cosa cui da dagli dai
    dal dall dalla dalle degli dei del dell della delle dello dentro di dopo dove e è ed era essere fa fino fra
    gli ha hanno i il in io l la le lei li lo loro lui ma mi mio molto ne negli nei nel nell nella nelle nello
    noi non nostro o ogni per perché più poi quale quando quanto quella quelle quello questa queste questo qui
    se sei si sia siamo sono su sua sue sui sul sull sulla sulle suo suoi tra tu tutti tutto un una uno vi voi
    già stato stata essere detto`,
  pt: `a à ao aos aquela aquele aqueles as às até com como contra da das de dela dele deles depois do dos e é ela
    elas ele eles em entre era eram essa essas esse esses esta está estão estava este estes eu foi foram há isso
    isto já la lhe lo mais mas me mesmo meu minha muito na não nas nem no nos nós num numa o os ou para pela
    pelas pelo pelos por porque quando que quem se sem ser seu seus sido sobre sua suas também te tem ter teu
    tinha um uma umas uns vai você disse segundo ainda`,
  nl: `aan al als bij dan dat de der deze die dit doch doen door dus een eens en er ge geen geweest haar had heb
    hebben heeft hem het hier hij hoe hun iemand iets ik in is ja je kan kon kunnen maar me meer men met mij
    mijn moet na naar niet niets nog nu of om omdat ons ook op over reeds te tegen toch toen tot u uit uw van
    veel voor want waren was wat we wel werd wezen wie wij wil worden wordt zal ze zei zelf zich zij zijn zo
    zonder zou volgens`,
  // Czech: the evaluation set has Czech news; a short list keeps "je", "že se" out of keywords.
  cs: `a aby ale ani asi až bez bude budou by byl byla byli bylo být co či další do ho i já jak jako je jeho jej
    její jejich jen ještě ji jsem jsme jsou již k kde kdy když ke která které kterou který mezi mi mu my na nad
    naše ne než nebo není o od on ona oni ono pak po pod podle pokud pro proto protože před při s se si sice
    své svůj ta tak také tam te tedy ten tento to toho tom tomto tu tuto ty u už v ve vše však všech z za ze že`,
  // Chinese: ICU segments words; these are the frequent function words and fillers among them.
  zh: `我们 你们 他们 她们 它们 自己 这个 那个 这些 那些 一个 一些 可能 没有 什么 因为 所以 但是 如果 已经 就是 还是 以及 进行 可以
    表示 认为 时候 不是 这样 那样 如何 为什么 还有 或者 而且 并且 之后 之前 其中 通过 对于 关于 由于 虽然 然后 这种 那种`,
};

const SETS = new Map<string, ReadonlySet<string>>(
  Object.entries(LISTS).map(([lang, words]) => [lang, new Set(words.split(/\s+/).filter(Boolean))]),
);

export const STOPWORD_LANGUAGES: readonly string[] = [...SETS.keys()];

const EMPTY: ReadonlySet<string> = new Set();

export function stopwordsFor(lang: string): ReadonlySet<string> {
  return SETS.get(lang) ?? EMPTY;
}

/**
 * Many pages declare no language (or a template's wrong one), so the language whose function words
 * cover the most tokens wins; a page needs a handful of hits before we believe the guess.
 */
export function guessLanguage(lowercaseWords: readonly string[]): string | null {
  let best: string | null = null;
  let bestHits = 0;
  for (const [lang, set] of SETS) {
    let hits = 0;
    for (const w of lowercaseWords) if (set.has(w)) hits++;
    if (hits > bestHits) [best, bestHits] = [lang, hits];
  }
  return bestHits >= Math.max(3, lowercaseWords.length * 0.08) ? best : null;
}
