extension DeckHTML {
    /// The deck's CSS: one 9:16 card centred on a dark page, the progress segments on top.
    static let style = """
        html,body{margin:0;height:100%;background:#111;color:#fff;font-family:system-ui,sans-serif}
        #deck{position:relative;height:100%;display:flex;align-items:center;justify-content:center;outline:none;\
        user-select:none;-webkit-user-select:none;touch-action:pan-y}
        .slide{margin:0;height:min(100vh,177.78vw);aspect-ratio:9/16;display:flex;align-items:center;\
        justify-content:center}
        .slide[hidden]{display:none}
        .slide img{width:100%;height:100%;object-fit:contain;border-radius:16px;pointer-events:none}
        .slide.text{background:linear-gradient(160deg,#c2185b,#4a148c);border-radius:16px}
        .slide.text p{padding:12%;font-size:clamp(18px,3vh,40px);font-weight:700;line-height:1.3}
        .progress{position:absolute;top:12px;left:50%;transform:translateX(-50%);width:min(90vw,50vh);display:flex;gap:4px;\
        z-index:2}
        .progress span{flex:1;height:4px;border-radius:2px;background:rgba(255,255,255,.35)}
        .progress span.done{background:#fff}
        .counter{position:absolute;bottom:8px;width:100%;text-align:center;font-size:14px;opacity:.6;margin:0}
        """

    /// The deck's script: keyboard, click/tap and swipe navigation, progress and counter.
    static let script = """
        (function(){
        var deck=document.getElementById('deck');
        var slides=deck.querySelectorAll('.slide');
        var bars=deck.querySelectorAll('.progress span');
        var counter=deck.querySelector('.counter');
        var current=0;
        function show(i){
        if(i<0||i>=slides.length)return;
        slides[current].hidden=true;current=i;slides[current].hidden=false;
        for(var b=0;b<bars.length;b++){bars[b].className=b<=current?'done':'';}
        counter.textContent=(current+1)+' / '+slides.length;
        }
        document.addEventListener('keydown',function(e){
        if(e.key==='ArrowRight'||e.key===' '||e.key==='PageDown'){show(current+1);e.preventDefault();}
        else if(e.key==='ArrowLeft'||e.key==='PageUp'){show(current-1);e.preventDefault();}
        else if(e.key==='Home'){show(0);}else if(e.key==='End'){show(slides.length-1);}
        });
        var startX=null,startY=null,swiped=false;
        deck.addEventListener('touchstart',function(e){var t=e.changedTouches[0];startX=t.clientX;startY=t.clientY;\
        swiped=false;},{passive:true});
        deck.addEventListener('touchend',function(e){
        if(startX===null)return;var t=e.changedTouches[0];var dx=t.clientX-startX,dy=t.clientY-startY;startX=null;
        if(Math.abs(dx)>40&&Math.abs(dx)>Math.abs(dy)){swiped=true;show(dx<0?current+1:current-1);}
        },{passive:true});
        deck.addEventListener('click',function(e){
        if(swiped){swiped=false;return;}
        var r=deck.getBoundingClientRect();
        if(e.clientX-r.left<r.width/3){show(current-1);}else{show(current+1);}
        });
        show(0);deck.focus();
        })();
        """
}
