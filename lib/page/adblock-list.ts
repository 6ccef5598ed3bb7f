/**
 * The built-in ad list (EasyList syntax), used when no downloaded list is available — this
 * machine is offline, and @ghostery's prebuilt-list helpers download from the internet. It covers
 * the ad networks and generic ad paths/slots that dominate real pages; production deployments can
 * point ADBLOCK_LIST_FILE at full EasyList/EasyPrivacy text fetched out of band.
 */
export const BUILT_IN_AD_LIST = `
! Ad networks and exchanges
||doubleclick.net^
||googlesyndication.com^
||googleadservices.com^
||adservice.google.com^
||googletagservices.com^
||pagead2.googlesyndication.com^
||adnxs.com^
||adsrvr.org^
||amazon-adsystem.com^
||criteo.com^
||criteo.net^
||taboola.com^
||outbrain.com^
||pubmatic.com^
||rubiconproject.com^
||openx.net^
||casalemedia.com^
||moatads.com^
||adform.net^
||smartadserver.com^
||teads.tv^
||media.net^
||yieldmo.com^
||sharethrough.com^
||33across.com^
||indexww.com^
||bidswitch.net^
||adsafeprotected.com^
||scorecardresearch.com^
||zedo.com^
||revcontent.com^
||mgid.com^
||propellerads.com^
||popads.net^
||adroll.com^
! Test ad hosts (reserved .test names used by the test suite and local development)
||ads.test^
||adserver.test^
! Generic ad paths
/adserver/*
/ads.js|
/advert.$script,image
/banner-ad.
/pagead/*
/prebid.js
/show_ads.js
! Generic ad slots
##.adsbygoogle
##.ad-slot
##.ad-banner
##.advertisement
##[id^="div-gpt-ad"]
##ins.adsbygoogle
`;
