/** On the root element of a prerendered page the app hydrates (the landing page); any other content it replaces. */
export const HYDRATE_ATTRIBUTE = 'data-hydrate';

/** Names the prerendered landing page's scripts: the entry first, then what it imports (scripts/prerender.ts). */
export const HYDRATION_SCRIPTS_META = 'lf-hydration-scripts';

/**
 * Starts the prerendered landing page's scripts once the page has loaded and the browser has shown it (its first
 * paint entry; where the browser reports none, at load). The page reads and links without them; they only hydrate
 * it. Fetched with the page, even at low priority, they share a slow phone's bandwidth with the stylesheet and the
 * hero image, and Lighthouse counts every script fetched before the largest paint as holding it up (LCP 1.7 s on a
 * page that painted everything at 0.8 s). Inline, like the theme's script, and allowed by its hash
 * (plugins/security-headers.ts); the file names come from the meta tag, so the text, and its hash, never change.
 */
export const HYDRATE_AFTER_LOAD_SCRIPT = `addEventListener('load',function(){var P=window.PerformanceObserver;function go(){var m=document.querySelector('meta[name=${HYDRATION_SCRIPTS_META}]');if(!m)return;var s=m.content.split(' ');s.slice(1).forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.appendChild(l)});import(s[0])}if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0)new P(function(e,o){o.disconnect();setTimeout(go)}).observe({type:'paint',buffered:true});else go()})`;
