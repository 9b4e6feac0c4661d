// Runs before the app's entry (a classic deferred script: it executes first, in document order, and does not hold
// the first paint). The page's loader is static HTML until the app renders; when the entry script or a module it
// imports cannot be fetched (a network drop, a gateway shedding load, a release replaced mid-load), nothing else
// would ever replace it. This says so in the user's language and offers a reload. No imports, no framework: it must
// work when everything else failed. The texts are the catalogs' (client/lib/i18n), checked by
// client/test/public/boot-check.test.ts.
(function () {
  var TEXTS = {
    'zh-CN': ['正在加载系统,请耐心等待', '系统未能加载，请检查网络后重新加载', '重新加载'],
    'zh-TW': ['正在載入系統，請耐心等候', '系統未能載入，請檢查網路後重新載入', '重新載入'],
    'en-US': [
      'Loading the system, please wait',
      'The system could not be loaded. Check the network, then reload.',
      'Reload',
    ],
    'ja-JP': [
      'システムを読み込んでいます。しばらくお待ちください',
      'システムを読み込めませんでした。ネットワークを確認してから再読み込みしてください。',
      '再読み込み',
    ],
    'ko-KR': [
      '시스템을 불러오는 중입니다. 잠시만 기다려 주세요',
      '시스템을 불러오지 못했습니다. 네트워크를 확인한 뒤 다시 불러오세요.',
      '다시 불러오기',
    ],
    'vi-VN': ['Đang tải hệ thống, vui lòng chờ', 'Không tải được hệ thống. Hãy kiểm tra mạng rồi tải lại.', 'Tải lại'],
    'fr-FR': [
      'Chargement du système, veuillez patienter',
      'Le système n’a pas pu être chargé. Vérifiez le réseau, puis rechargez.',
      'Recharger',
    ],
    'de-DE': [
      'System wird geladen, bitte warten',
      'Das System konnte nicht geladen werden. Prüfen Sie das Netzwerk und laden Sie neu.',
      'Neu laden',
    ],
    'es-ES': [
      'Cargando el sistema, espere por favor',
      'No se pudo cargar el sistema. Compruebe la red y vuelva a cargar.',
      'Recargar',
    ],
    'ru-RU': [
      'Загрузка системы, подождите',
      'Не удалось загрузить систему. Проверьте сеть и перезагрузите страницу.',
      'Перезагрузить',
    ],
    'pt-BR': [
      'Carregando o sistema, aguarde',
      'Não foi possível carregar o sistema. Verifique a rede e recarregue.',
      'Recarregar',
    ],
  };

  // The language the app would start in (lib/i18n/language-switch.ts storedLanguage): the stored choice, else the
  // browser's languages among ours, else zh-CN.
  function language() {
    try {
      var stored = JSON.parse(localStorage.getItem('pro__DEFAULT_LANGUAGE') || 'null');
      if (stored && TEXTS[stored.value] && (stored.expire == null || stored.expire > Date.now())) return stored.value;
    } catch {
      // storage disabled or unreadable: the browser's languages decide
    }
    var wanted = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
    var codes = Object.keys(TEXTS);
    for (var i = 0; i < wanted.length; i++) {
      var tag = String(wanted[i] || '');
      var base = tag.split('-')[0].toLowerCase();
      for (var j = 0; j < codes.length; j++) if (codes[j].toLowerCase() === tag.toLowerCase()) return codes[j];
      if (base === 'zh') return /^zh-(hant|tw|hk|mo)\b/i.test(tag) ? 'zh-TW' : 'zh-CN';
      for (var k = 0; k < codes.length; k++) if (codes[k].split('-')[0] === base) return codes[k];
    }
    return 'zh-CN';
  }

  var texts = TEXTS[language()];
  var loaderText = document.querySelector('.boot-loader__text');
  if (loaderText) loaderText.textContent = texts[0];

  var shown = false;
  function offerReload() {
    var loader = document.querySelector('[data-static-loader]');
    if (shown || !loader) return; // the app rendered: its own screens handle what fails from here
    shown = true;
    loader.setAttribute('role', 'alert');
    var spinner = loader.querySelector('.boot-loader__spinner');
    if (spinner) spinner.remove();
    loader.querySelector('.boot-loader__text').textContent = texts[1];
    var button = document.createElement('button');
    button.type = 'button';
    button.className = 'boot-loader__reload';
    button.textContent = texts[2];
    button.addEventListener('click', function () {
      location.reload();
    });
    loader.appendChild(button);
    button.focus();
  }

  // A module script whose fetch (or the fetch of a module it imports) fails gets an error event, which does not
  // bubble: listened for in the capture phase.
  window.addEventListener(
    'error',
    function (event) {
      var target = event.target;
      if (target && target.tagName === 'SCRIPT') offerReload();
    },
    true,
  );
})();
