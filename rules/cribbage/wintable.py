"""The dealer's chance to win Cribbage from any pair of scores (tools/cribbage_table.py, 8000 hands).

Level 3 weighs its lines near 121 by it: a hand's end is worth the chance to win the game from the scores it
leaves, not its points. ``chance(a, b, dealer)``: the chance of the player with ``a`` points to win against
``b``, at the start of a hand that player deals (``dealer=True``) or not. The table holds one number for each
pair of scores below 121, as the dealer; the non-dealer's chance is one minus the dealer's with the scores
swapped.
"""
from __future__ import annotations

import base64
import zlib
from functools import cache

GOAL = 121
_DATA = (
    "c-qxm1$Y(L*2TS8DMgD*aV^&3?k>f>l;G}O+={yecP&ud-3bs}0&%~0=A3=xUo-b61Zhj(qwjw&`JfcZoi%&!CHu_H##s;f4Ss>2!{-%#m%rqZJPBo|A"
    "E+&jqBV4u0x69sC%TB4V!wDS637Cwi5x0d%9HYyOrY|rnyR~+q}Hhu>Y;L|<T|(hUN_d=^iVxjFV-9MK7CAI)Hk)aeyU$<e;usDwL=@))Pzr=m6lrLXX"
    "_(YEbE8$5%u5C|IvHiD}E1H&jaxVew}-BKQ4GG%1_m)8~s9?=_*A~22oLT7qi6yV2&&E$p&(uTr7{sr!uz6uBxccYP?#bjw)|pPNDPY^17-1NsrJo^m4"
    "sf|E5ps%leLfq@QbF9iT&XgpHZwQvk07UKirGnEyG%g%^kM=ll-83cMHa^IiUohw*rnfl5#V>P@q07u_L~GKnhUCoxOx6W&6LoU*p;C4ZIs<$Xyqv#Ox"
    "lt1)VoI$~o^sq^Vdx`pnk$LQI5mENHb>9hKp_R>%EOYNtFbeN9RPE?uMRdyl%Phs|59-Bgd@-FIog<s>h`6E=B@h>PReNQcEFwLg}bdQL>5tT$YF<tBw"
    "cLWoeWhL27PLtc^E$NV7t8%K18l_g)bvD$Ox}dJATkF1hyq>Su>D~IMK9A0Rpr2_URN3n6NV~H+FiUrx-+ug)oxNyH8nQ6I;15vgTR{Gh`|xlchtg63s"
    "!Hu?1TCS1^nf^J6y-%nF;Q$1S44<NBTLJ+a-7^CFUt`5r7ER<R3p_&V1BH)`dSy!wR8tPP*27*Z_@kq33T>tyR+ZuKpo=lY-V@1i0*7<*Z7~Ta+wVU=q"
    "rjt5&R8*3bfw*F@ME_Iq{_Q4Hc)_)R{)pGWrd5c2ZhVO0*Iq#0qgryb?)dA+Xpmu-IAYFH@+Jsuk+IN}W{Clv0^=NnKxe)x$B(EA&=$_8GggAM00`<{("
    "USBru!Nm_No~{{-f1TdGq*N=FIF1kN|$>X-aA58?)9IW;=FG}WiBz`U6D(M<}WFGN96U-S{bg1H|EC30Y*`+>!d%hxiwDuFtWQESy%<)h;1Y`UCorhnF"
    "B^<2G1@3K4l20HsGI@{vxnA1%EF$QbAvoqDAVyNdA6pNfZ1ZV?!D0hHJli*I|rLw@>nTFFm+D;ef6~z`=G10E>zAC~+226AhIZysBedHIYb6Yh*ZB&<3"
    "ph^nXu8e8!rzh!!dLwk|guaB%eu&O~9X-uXAa*gBc!$CMDa2>?PN42!<<gW3lbe_{Sj)kk+=NEOr{t88zNIqg?RGSPrqWvaoxGq{sYOxISPT|R#R=gnQ"
    "p&Qji<~VFL!ncsGODARs<x|JDng~!g)z;Y^bkE=FGFV^)Ti}TeHWem!adEFHowIj#bD|mta7%48)ynts5w=lLX-uaoETHBxI~R(QzA+UoyrZRszOcaCw"
    "P*1w3W`$3%k-)pwX5uc_I?YlCp!G1<bzSu=46BHCr73Ym>^LOX)_shaRQp=+%0sKBCX*>-wIpQ`R(xMEeo`fl~c5n14EQnYPg!s8BmpvNS5138<4$e2N"
    "R?@qqaY)IJO4!=KfJT6xfTaQ8mCLBW(#lmL&76I+EBd`VGYo-L2bK$%`uSAErDbzHqv@pX1xLATO<^aQ;?uh)Cwz%J-p`aY)l6|^}p+K+r(sXjmAg(t%"
    "477#3<G1LQftc;n?N$Dw-8+BZuP6*U#C^PQHcT|H~Q7?G0)pV2|Q7n;5)D=U7r?@F%0dptJ^BEZ-v#SPbI2i1r3WD#<uWLZ32ElbMg-#uS1GA>trOkde"
    "YllZG)msMpr#gG{nT&$dLtOtlnnwLm={n%5{HSUgN(QvCNMfQTj|Ke6Q0*L46e``4`qB*ALRTn^(uvBVuUILri#W2l>@JteD^kdUVC_km<~#5sU+WUO0"
    "i5;-JyWmL+c3?i^cA>H?`X_nG1U1(*8aSRS6!$ka*DXZ2RytTQ#ukn)|e_%5y}RgP7HTqB3pz&xkBJeOdwANHY<R+ZcRhc8As_Qr9jf~fJWaC@xfue<v"
    "Mv!CIW+XRddy0^+d(iS&=T9YY(?h?a+s92D<~+er79Gklou(8}nPG`e!<O@Rfeh*McIs2%+2XlPhQ<y0#?{6{D=^?YKZ31Q+%c?$aATo^fB?fw;IE1<~"
    "Q%!QZ>cn-YoAqNi9T?uulx3Ovb9`BJ7;)zkp^&a=u-CDD0p*V#``v|Z;e{k!c)T$o=+*V*|_zKF@$pAT`t8_VILTH=b+35Ll$PM&sm|A^i#1Qtt7jQjH"
    "^@Y|P=u1@jONLkn6%>r;?>8T{O0Do^p)`*X<&|7Rkwn~d+^@}_z!(>j?M2%IO)eRL6r|oi`gWx(Bg28rywa>ci{M=n<7v^_a`}0@%#O+IBBiux1Ok;Kt"
    "N4$deY^GVj+zP$@EqGf3@dMyJ%J=eZd^6v~xAOzQeg~)%Lb>YDAmr%VltBC-1|eto!H2b#3*ok7tD?~68EU^<r@n*h>;i3`0;jzm>EeCNZ(Z2C)BJg>T"
    "=<@WEVLWhx0k3R@`)tEpDsbKW>P<D0!8`;j1`0geTMJho_q<P%V+VKd>&r`^vBWX2G4{E=nKqu;Xtd2vEqm@L~&%v_3{z?NF~+F)~OdNE~dFGw7HueX7"
    "37In9sz(9N@-m#PHgmzskeBbI928iTGVCL4}%%A|izd0tau!g#L{B6`&MI84vhLzLhWLQ~4-9i1+6M`EdRV{(lD&W)M#U_tKBnV<ytViOmw1;Yg~=(ee"
    "Pa`5RTw)~WND=0rND{y{g<-J>zP<~a&;l=F1B8BF{mRbKkI5fV@m=_}5NHDVMTMM;rL1k*(zn1HPK17=xZj!&YS=K!w<@5q1TEqH6*1<0rHHJI!-{7ck"
    "%Fu2~Aa>8-1!Zc@;&Ey<;PI6fQiE4t{qOPf6l}zW><=vR4=tbHSF3iGw1<v!Kog)M69O+`PcRBlWReAoik+QWcCDX`Iq~48Uyl8_&m=e8x8oWK28llRG"
    "=runJ#4}La4!j|+#w+p)__;Cf%t!F0{1`BQjXW|IuG^pzVxZU~LPY`jlUyzDLZ?cpPMGFhaN1$&3mdbw2ODB@*g9Z7WY_sFva`!=hr07cRA)z}=Ffw;%"
    "gaq**3Pn`%p?ssr)^-dHmGwl@q!M+eRih`^fiU?t9%O(_u(yhRbG-8;CXpIUV>NQt<dF*FwsH$8+h|sbeR&1nqsmz2j5vi4uwv=fYYw1epYkTUigu4)H"
    "xT_xe+*Q5Hi&Qz1G%e3$qt6M{R}P?d;E4<)p7~$zAZnJ!K7<T?(++b}>QxC<=>s;vN`mESzUPB&z#huGv7`gn!S!<(c_c_{_lb@UpxqD!&xUW$*$>(yQ"
    "qyWyU>Qj`aMMY$zuqMFz=?aN51quWBDKhag2}2Zz<y9rXa{^E@}^s7;uUd*A8m?6=DNxvD(bm!!8m2sP<1>&o0x!9{EZ<2Dhwg^6ii20v0B8uc3Lw2%("
    "~zS2B9Pt6nZcsxE&$+PfMycr+H*YaCD0j7Q!?MIp{Ci;n8B0%JZPR)~NWu(liYT20gsGCU633V1|RUO?Po@9dl6+X<GXDe0Rw;hRV-|5=$e(oxJ`)5~i"
    ")N^@UE|-Jh9r8*kZo^3o6}3fr;YWvPGP*SnoYxhg8iB4Z%d_%iTrq<=nPf@$H~5{_d?Me)U%-<za(8wOF-e>h1fA+3mqD8inN8J%Qq593)D`8c;^+*zn"
    "69bY>b`oMU1!UaoJXqiws*WyogKwrpU-i|4XUBORf*LbWS&)+yM{6kqQg}rgWhlyNyL44uzr~3<n#o6J(+g`XXOB5&O%ur3t@~U<vDp}-W?i!iaU8Bq-"
    "aliPTz>uVj-M%LivO2i?4hIn6s#=s=J!1Ho<wmP*SDUg>^M}&pvuQFt5{lkR&hJdu=O6x^{mq{)(BI|82w}Jym^GSS42h@;tb8sH~59judCbJm^e8IL|"
    "XQ8=f;aIWVh>d0$?e=SMdS7R=t@GnfgMnim3t598}G?O(v1jsfR6sVJPbr+6q*$jX?QRq`TIWP0_3YOltrHR_mpgjAJU7tmE~%&zpjA4&3xzGrX3EY6P"
    "Nug~c?y+dcIe(=A=RVo#1V;&@Hfwu$1VeyM-Br+jY?Zk9eh7)-V$1xrqT#9Gpad<fMWv}off+av_mxof#<VTRPav@bMple7M6_K2Gi02|TF!w=<JT3iY"
    "N>xHNS3}{$ep6mx?i4y7F#l-p!WP@-7iaD5-wSlM%Z)HMe|@gRJUx7enx_V-7OJHBQU$>?ESLRog{kFpDAf>Lbz*UomQp8VC6ix(&+LOL=i@0ju^`~}M"
    "Q3Z4h8Ko94}%ZA1O6(9IoJfwP7B{U1`hVQNQvJ5NzMgBK9%uQUR4(?He2mR#t4O4eT!Vx7Q8)GFGqSlqA%#%_Kr8eR_3TG%g?k6N*j3vI=N5{Q!UkZDm"
    "8lhG<f@GSw<$5w=vD#pi@qy;E7b9(vc6}52x7?70t$zV3tGB)nVYT6ws+^ya!zO5grJq-4K55AO&EW8-n+D!h<D}#o=@&$}RFHCOQ)ox~rN3Cw5f@!Ik"
    "8*w<JUKEWH|T`vkQ49yt3A_$y|WKM#M6a`@p+?^jFUep{l>DZyb!q0b#;VKCTPxa8*O?3eJ_{pfp2KzI2@c+Hm3s4P4w7~A@Yjf&^MU1-b4AzR(yv8gC"
    "^pkL`Eg;Q410BLk1ybXz*vW^@8<~}KX(cRyvHfp@us4m-^p+dU0?y5&asW#Z1eG{(pC6w8vQtUHs2~IiV>OgfHQ?<mdb1{`vy^#Ci9Gb}-GDsW{qmhV`"
    "iCeS;om~KF`66G*hd_fZUH+0MhB7CC8_C7X@#cImy8Z<BL$;_$9{3k$DU33S>Y^`l%1PlXQpwV?qnsl5zyrin1ywUOT5SO4P~_+0x}o*}gDtf?`x4xUb"
    "^7X3Df6RSf`1M3Ya_FcuY=)*EX+exQ}A|t^-yk;qhxKFRz4G(L?7{;5b)VEs2OFWP-KT?z}6B~Er?2|hxf_~-}wXFNnfznE`FPHo((>`KQNynKS~9s-V"
    "XY_6-v*Mp6kgWa;?0El#yFCR-=IVx^k%W@L?_WKs_CPWUoF2H{xx3PFJ#E?`;YGb<9C#as7=>Xk$L07O8=%A@o_xThbGnQb8uhG%tfreJesSnd7J)Wkg"
    ";+g?u~`siF=%XHjTVQB=Gd5|sxOdmVDtOCF!{B5U@cd31ohNl|uG+C%&b1$ZgG084b2^W9s|#%he(s_rVGvV*ld>XCZB-UQcq0m}RYRSt~dMZ^c&?7xr"
    "r9;>NK!1E;n=3DT+^HpC}M`c$g^m7^bwFG?Uc`;kG5Lv`)+D#*<Hf5j?eje&O1-#vcH{dmSb?|p1-VXmi5gvOlzs>`AVmP(x)CHWk4*lUn2}M54^blmp"
    "%fb|SWJ@^>j1ekxpsyyueLjKrETHS5vws0+?}9R4wN=UwDi!hGX5`<Q=8e3yt_6>q1$7RD=iLp}@KDuMMimN%nJe4Ne9|F~L7N+hbjVZNX(Vcwg`DW!J"
    "#ZxBk&?TEz1u^Ndm=|o;tRlD$M{`vc6`cArQth!(G=Q<nSMh_MNy=bNn)Sy5$Vz06XanTCi8&9X2O&B!;zHMt-#r{ZT>oMtCY1H33Kxok8x7-uVQXby`"
    "Y7)bV>Af0v!Og*p4jQO;u27lpn5Vs%&mE*g-K4>iQKh??j$zj64;WULZAZ2Ukr4M-PV@kHmkc0`XeD8=ZZN`yfvxqpb8Dl<g<G)@Lx)sYQ9wORN@N=<b"
    "?w9O~?pMevGC!C<D!2H)8YPJ5}|u8-R)71L$MJdyiX^Hdx$O83@nfVqUutmA24bqOl@i|VM#s1#uBeW*i2`Hl2LUB&=&I`sAdnnvwWy{}N|NBj)B*b}`"
    "xpU;6F&%+&91qIv9e@ExvM!E=vTBV_H;o7WcX;veTMN&@DO3bmhLp9_i%yVq@JzUTh^-v{(*KVTw>zVM`2W*vkWUEy0d(V#i>rQ*Fn4w*mYeF9~>Nwg*"
    "odbK0S8d@3lc>kY^kdL}8Ktk-FUF&{vxpGP<s#}!btyl6L6Q6^a@8^5-U8%n_-cHv!LK%={(JZ#u-sMt5IwGWIx2}AHi|Zb%TkD1_TC^dG<vqYAycV(Y"
    "O*?lB$-}U0Dq0vi)@v;tnb<`JL-8E^Sx8ZzmGY&T%u>->-U16uYvrQ9?kMXol$GSpe<EVl~8%h?NF+Ew%0x+rizweAW64r3r&JTR{=jIhyQ$y$-Mx_wU"
    "=)Nr>#QG7oorBq4Eo%W$XA(+>_fp2wh%`+8|M$rC6eZm>@2~fwqt<<O`V-eYFg3NUMCh0ctP}{>!CO4{ZMx7=3QR-*MXSJ{9%XAH(Gay#zfp3LM#5S4U"
    "5!(?UH{C)H{-5^lQ?)Y-y32ECn4hKW<iRNX`wkpkU)f>waL+rn++rIaM#JRSh`Vbpdt&|1?yl=tJkz-Ybs06vD##=SU&dy|qX*_#8C%A?M=L}p~@-O`l"
    "hkT7;DAMjUM-A)g;RqBwPnIGE8BG5jQ`xxfGQ{@M8H&WVC)OjQ@w*qez(rGn8D^94DY6NmlA(cQqlDpuEn}fGWToY@dF?B^wRQf)ydjSnbnk<hznVbyF"
    "?NxO02L3DX_Jv|M<~86{%JH(i60eK@ABKvb;gP%m^#lhRR26sdg(!wQdP$~6hMTJ{D5i43bN+0r)Q;%P9EJJqJj)nf`_mEUSHDC1tU6nmd&2cp)dlren"
    "gjDOwF;P9ptqB#XYw~W9S*UCOd_9v#iof)q8zw8jIKkmX2EMT1}CQ{4fk;oJ-mRAfL_%>vdjq&nv}=K=NCws#h}|mp<mB<R_Y3Uk0qLj^>AW!p#E=UL1"
    "e1U>M62CNnFWbB#U+E>=X8OHwtrzyUy$#NAl@a?yt_k-&l2C0)J;=Zee3iV`Dyn-X5)5+X=&09+!(`FIiP)KzCn&z6{6J78FU)-)Cqo{8$I7K;Mu8fB%"
    "k34&y(<k!1nWQ1*n~W>?t_=8c4z7|F67ru#0>Oh41_P^+KB3Gp@Z+F^L@+G?sgr6N=oTtyc>2A#bToPElT`RzvgT^IIus=P~G)~B_r&WqicTf*%Xw0rx"
    "RI<3}$w>zpIR5}$dFU$2{v1YQMj4z*x-^5(e6FDO*T(=kPf$#2)3C%ze;BHT-b2DCqC*uL^8vBiTvL$R0Th6wzGsx6w(cv?ZvU1W;x<UEjZ=Q+La)x{e"
    "{_2KTysr{qx*CE{C!!LY-I(v#JFwR_=5TkupbvHhfA#T7-PSJ5G3(q4ci7@ErCzG@YLl9#ep1y{4)|?vDD-T&&&tp%2WEN`oJng@9O>#6>NS_TQCTR~G"
    "wAUIAkNDr^J2T%d^Upp%sR5ptT&qo^fy=nIMZ3swURWOf~c<8EaJ;HU<)BD;|?EI0V=JXEC%Q)V42PKKIrX}1p)5fHlrEr)2o~cU&F$D#*Nv<VZHQ^;O"
    "$~M1N7NXT~WK#uc|*he-ZVC@|Wk3d`3Z2ipr$&l{hNqBO_E6UyA@bN;9E7`Qc1XqlT?`ZXU_bvZZV=Yr!hAVyqA=$!f5!Y&JW^;$X^`@d)0Kb|GE$M}j"
    "UO$III?lWGtDbyX4kS7mVaAYfhs*4_&bb^(s$zFVI|+;01=*ZwrbrIAl8%vWs8d(hj<pjD%xhc54FWsDHyszYiyCb}Km=QoPv10?9V(nD64S)_?ddx~M"
    "Aw#X#>;m5|occ-Fzd^zvL^I(P#v#G2tE5kCeL@XAI!&0(*tPv`Gk|p7-`97YC2GTt$CzcBmP30yTDa$~mwyVb~zWx^X-NO8feMYrA`bi<zGjOicnyAkH"
    ")GD`vhkNSAd=_7EFPLIEocvhbPj}Gu(OEfl3he}ookn+0SH0}b=NBpv*~(LnMFJ`+6Us+o2Rvw9kzPEfO-K%fk*;<kNfid-{cIGg%d#?U`k433yXF(qX"
    "{Kkj*)QO-Z;-RSco|wr@xWgfMJ_qQR;fmKr6cN%N~-fiFWcf;#@l=R?e1qC@7Xyrz&?95qxZX?hIkMd-@@z-%vW&-kLrDxnw5GkIAb8#vWc#USN$4J%o"
    "n+RpIU+h-%eFjS(F0L9FTM19?Hwq=<YqhTtg%mH!#f&DJh-fW1+(a5D#UQSPJHAUNjGwJIsCNdDGYYiZx&hm=F5_Njnx8?;4d53xz|}lPjgK%%{4j#p*"
    "25l(qM(gn90XS(}MkYypd%wiCwF7<({!&vX9S$4uNQU;PSv;0-Rk28VMDUvn$&=X^a`57RxsV%6;gokT~#>7P;?k*#{GhM4ITDnOpa6%IrON+*59E;y6"
    "2g6JR(K(=}g1**&A@*`{*`<^9W_kne}Imeu9t~QUFZ_F&L6WhfSA!}aZ#b^nXxr;ah|J7F>!C;nC{osJk*{9CdDOCg9{lWHgyc@t`r*Ng#d5tSO8-J_H"
    "Yrp^j_?H&uN6@_MV26{)raLe<mRgP0eRO-g-uJlIX;A4m_8xE<D%}Ayok=lyQ*J~r)&b_{Vgq_JH#&PU)q@w=jY&?!FS2p00*l9Pn48RL=5TY6InG>So"
    "-`xP@9-!0SxKa9#k--(#l){7P*jvN<t>>U8GRrypM=X-DxEHZ`yTbY_ImW;X<+tt@BSPyw)lUIcn|s_1Wv{eT<{#2?|}_3;_F$iWTRf8=jaKzx82}Nsv"
    "%ohm5v0bM9p*^^{tAn9@ty4S~8XNLT5G+NyQ23Pub`OAI0<YM{EwO#S*id<~m^YFgu$)%+cl=^Ol*CwSqn;;yw6vsMK;)xuZBNQpnbFjeIJ<f*$r!3)O"
    "Gxt_s6M=fquaf}XSXo!05a8C<EgFR(g0>J;)*`uYTBKOFZd2$)~P$2~!}+_G8h81AIi-3#?p%upY2W&`~LDxFrxLW;hDnO>xZsAlNyMD`|dn5+a}az>0"
    "5-+{B2QcViSjMm}~wx0dS(lT$<c&ypoY-P4Fd!pLEnPFxrHkmzR75G}7h&<p|3yUe@p~wqow^cruU&8lvK~~?0iGHpmDqT$1MR$+1F(1SPT1nE{{YA!@"
    "<-e-(74W;m#vF_edE;iWyXct<@Uw^XPFt^BmF^A(v1U4}PKufKhVNdDOxYSaIuY{KM%hOeml0w+<}s}}gZ!L<P9is@;iuRDmY)Tf`^~Aq+RAKUb}~nrp"
    "5{X{6Z?rBV;SH`AM*;diX=6|WQ2?Fzzv(>b`q!p;O+kQDeMguZ13``>rTKt5BzGS=Lfjr!00M}N?&_{-3{EM2rzvx{;kDgQQdtBopUt0($kPA`yi`ZmC"
    "lEm7MQTJYJ-{p?k<i@c}Ffs(#R?wVj8O;VJxR=6o3p>hWoI2tR{=kE}P5Dq3G(?Ks*G$zG5bZGOuNvHHR*z!6aOvY@#1hxPa&Eh17gOhRQVd`w>Q{73w"
    "%D9araqAM6Cjy$D=$Qr|#VzCo3vX8EuC`U&ohh1mhrVW@PV-Q6#3U*h8Kljxsawn|%yHAMe}nXayj>Wn(By(8MJCZf)Tp;i~<ELmSBmM7q#vWm+<ke-h"
    "5t~@zE%zCjr%nzMB2h8;|Dm@a2&zZ`s#Ac$eOYylpkXNT=6ij8Iawmid2i96n!nE9!PMJZKM}JR+_q&Jg&Tj9*CPG8^;rhIAwE;F`ll!TWKd-V6{+@-|"
    "M0ZEJyE_1P&BfhTr7vTqkAf+->9x48)9p&P!#tJJ*>pl301vuJjYFo)ts>+hIb4>OAxO{-kuE%`HiaTLmgl~3nvLML9-6z&U%_8v%<15<OQtZ(urcfk%"
    "ghJx^E?y0%kLCNR0ZY(;*I!HelI)A$#Mt0Czm-?JvB^uqPt1uM1JmtYuSJ+yN2uZbu+g31XT{OpZp~JZPT7;tGg}k_ILA`rP7vSox)7-hP$;YJ;C-S4Z"
    ")o`z}*3;^Llh$eU(wYk{e`KIM3T+yeJ~>(-_J{mx1OReuYhd4@m_6Is~lC@#BE$WyWD;;ZKgkZ?@taxr0}t$#jVlit?hbSRu}dAfUG1aWhHogx^V`$|?"
    "^i)^+GrKJfNn%-T-W!^@uK2-{=-wJL|8_k|lXLuWXnx!ZCkKB)9#RQeWNj>X<qrLCE^yh(T66ce3GCq~vdhwB)iD#Lx=lE0#}<H-Y}t4JXZQaegO+j&c"
    "#2u@@uE6=`w_quMLHqStv0?pK{G8@hgG0Cd(>HHQ?OU>z5x=5Vzhz4SiSR#&y=OUpjj9fJX`P?B3B2BJPw^c$gXnWlIHPF#(xJEx*a}<01IpPRAc?cUd"
    "kFIoNbfw?2_YLUuNqqgC?o>Gf+Sp8&hfXHYuha=BXLnUn30&7G`JD_9%S25Pfyt~&!SEP0ksE(wBf(%<;YK3NP}4AzB2zR$?SE%Z_>h5o4-esa=tr7H`"
    "{^Mm$|@>|4q^h5<ZTgKmIRk=mTzQkyv{oK{4_}Mz0q+y>?&Kj?CNXz7n#Cg_ksLKr6cT_w%GeM*!yv`PFrbXlbx_e>Ywd8XGNxb0;ez?43-<ta~txr)!"
    "7r!*^lTKDoRg~g{yGIPOuqB$(2|EmXqaX#aSKZ0e5`{hzr1<ErQ?VJSWwq-ZYE0&{=wpOUi<|?rm@M)5vCWseB>7g)`X=t;(gF!;h>+=DUHa_`BIl{>A"
    "3rbZ?53eRtkg+Qr_M9}BXX%&PQ5d#2CZ-Ms}9Jqwt7V4lk8Oq!IJ+M&jRUDCpjER{`VGI?C|5t+pm8cKQT0iVrl^JLtMZ9!`4%{m}Kc433qEVhH)L09M"
    "F&Fs_X>pYAn$KNk+zY}E)EkeB?AX$~dWbYMR)Q}71YgrOL;H-+L%i;CsqU$a|SuBlmM)&m}Z@#$uJmcL;bGy<}I{mH-wYvKR(#95eP^-?}z+ole#3I!-"
    "blV{0szmCtoF=PEA$E#RBDFY8gMi^F5_3BwW|Q4Uf3IiD*$TFS9b`9HAWO;%@&@)<>?VGk-{ddQ--0KmbX1V41Nl5U57f0W*FmBxblM?nAzM9BnQ_0zK"
    "tqlp`Mp4GT;A)?ce><ea}|wR`~j0$GwpJrmNz+RC#>aq1~{yXuA>X<lsX9aeTnLUX(oG`OUp1gs5W4*Gc<yV!*%Y1)2_#J^MuIFFWF-#v7h~XR5o4;h&"
    "v-KPvUbh^(**l`&45WKgRFyaOhSeWYEV{M9e_es4sURX>?Nulu%`~2eQRp%$vnt;W1SCkEU6;|0L>tRWceie^0ZlnYMJ=+8^9<W8Q*!o(7fZpliT~CDA"
    "_WsG5URm0yL+{c?~jDg(uO(H5@rI{2s#C8v9+;wavhSLQ`{PM(!#=XrTi{sa7XQ~YihWXG<&BX7-{@H)IYKI`Lmhw(Msi>E`aPf>0$3%%V<UXw-ONFJc"
    "d&B554;12Jh3q$O)^>?50dmpoO|87*JwT)QWn8iDl4zp+4QY_cb<dWUno50&s^Z?yfSB6r>)lYHfr>RydrwWw2Wq)7}7F&@abBb5Ao_bPAicjAB0AJ!h"
    "hwXq)Z;#Io_ODu?11j*sJR{W1!F<>weEML@v*S;e^I+b94pDxwMx@2mIAtriZKW#c{<!al(0R|@s?6Uzm3kMmba#6c?wC{kzGg*bEFW91ZrPak!GA8&l"
    "aO3nL8-FgAA5sGCm~a12W#&}ol8p-PI-j*LBtjpX#sVivh*cI@(27h-^<tYrEr*2_-Nqo!W+VcXW_B<bFlgv<f;MeXZX`G__Y_y$ouhoye6HdD&n-LBo"
    "9KTrXacIgae!j_PS_$FYDBmfABPCOw2Kv{KNjX{$12eySm#o(Uu3bdi$b2ju~1HPck0b*c>h_GZMx<_}>Y@oKpqky2gORlE@okfoLc42nU@*k{p1!EDq"
    "Nl2U`7zUqsE<@@ZhM2D|`|%kQ(TY!qB+ewLhZ(`m+rhBsl0Sr}`Bscu2fsHbp<!7@a)R)<s~T?_o_i7C5_>k6`~%%a~Nr$2C=Dh8v)>~9^--cgzrrC2d"
    "BTib(UaG#!Fk8$9Trn;=HR2Jr6ka)gTraU8O%T_YGed<0*G!wbuxbM(Tnoa$v8I_}~aAp4dGUj_6Z;sgxW(VNIDzb#^j=9yG1sDE{xf(w0E7q4iVQslD"
    "A3-UFrzi@h$d4T9uZrrP=(FG8y`I|M>%+74m{nHMzxojMyPCz_6K%0rRBv0D&)b;SBC(FeE4wgD^!9!=Lv;dgCs1B;y&NDb%aroD*du-cdzS!z2f#sZ0"
    "iXRuH7FY~eg(7Lk>}vg?9`E%oi-<!4a_`dN;A2c-K>uU5^Q#4uh<Ztn)Xm5;V*_rQ}%$XPlq%&S#Q_ppd+vBwEXTn_TR1YyZH4xQ~h?PUES@P=$Li3Fy"
    "8>?qtTc>;5@(AS#)gu47|M%?x>o|pn~KHIS(15j7%<Hio;@_@PG%+fg9;fdx5$w<;P?nK<3EHz1bvIm_0yc%bCnLXRJ4t8Jmn7MryN<`O@sk;=`vjCZb"
    "iy(5K}ONa#XUMv7exH+a)d%WvNm7<B^qKH_&LJLXjDcX%u+V>#S)c45A6*V)3n4w$WZZmBDRw-X^@TtK=T3+67W65FSfGlBYhnHKzg0f};iXe#pK%U;K"
    "1cSLtTz$};K50E&%VtdTSz`M=pWmGl_86}Mt#v&u!=x#d9Us(nCGEZtOoMO66fv^7*NvbQn*KT+(FZ*OFF#5ey?4AAnyIA!f^tXzhX_rd7m^)@~TbM5Z"
    "^B!>60`PW!-9}f}1$AoefcHG0=Bs{ipLtar^%zWMon_RJStS#<#6~gPexAmgmQX{AMH_hyboBsajrr*3lg3X*X2aKc$$8P~<IH9ZH$sguW)60j&Ea+6!"
    "S;wo@(DERm`VlTHx76FC^DYweZIan>InC4<n4*;`&#v3x4*4)luEyg+21|SQM|oLFV<7hW1V#aT}prB-ji%a%IK+TsXQv4dLfU=C32vwCv!r#E{gf0wa"
    "6%L(?rTg7op6-Y%mk%7&C!6AJx6@T<q-Y?Cu=t+~Z7aj5d-ZSNCFtcqHFP9^xycmO^T|iiG#-4ffn=KLvKzemCSx_cKCPon4*%N8fYfebjFi%f(`E_Xm"
    "+~%&+bJ{w;mk-gIx#E0Hlq+b5J&bOD{lK9xPAHo+tHRCVFUlBhSBz-3^w>N1Udj9k>(&eE+Y6n-o&AIHcXXoed7jabG?XH#c(X9{N~XFca?XKKUKsB0!"
    ">*V%I3m2!!DV6Ql8u)3?VV3x+|Rp_(hxcArLki6X|a@H9n#hB%frHhYO`mIKb7?{KD9jLW0d5C-KI<MOa7F(cyf&1*N8-d4i!*d&$HVgGk`#htNN~V0|"
    "Q8^1qKPR|sIZ{Fh7%T&=;hFh-boBu9mC?p{;_MHs&m3nQ7aie_iq2im3WlGt$sEY4@wD`W7K@7VmaGr&6<1e4cAXCX+JU=%+<w=X^*tJ1MQ=y`>UoiOd"
    "*FSIj>2rX6Q#8;d0}r$ZeXIVP4^c2ylx!4SbJR$c`}zyp-t5KoZ6;lslKYd%BNzf+j6z+CUZ$|D0LojlxoohxXc|aEgK2Mjf_jq#?ElZHpefH2@X$3fT"
    "M-;m2;+1&&&una)B?RmLeg(LJr)==PEnyZh!k-plgwFcIm_RS<M4`S73GaUq3tXVR!2oYGr-8Jh#hz2D(pjqE2QH<2BdYPnTGmz_vE(+&Y!!xVH0{YwH"
    "ZYf=UerUoSg>y-$kvB8-NUgLmWCSrInJ3^tk=r=69Y_Z*WQ%^h_doq;)t^H*mX!!$0KYuHG*?61XD;UObs7j;C%)<vO=9`Ik2ajzEv_jY@u{RkasWh&R"
    "E;IFpXF)JO@jma3y9py@*y8Cf-hCYZ6TZel-&AtDuj|86ws2Mu^gj%JBVyZI$^9tDr%)LnD727Bm&Ep1Z%C?#D%udEdX9edaM}J2tM|MXs$Is~Py3P>i"
    "R%3+OoE76q$cyHRlJb-+rRE_=eF4n1!5&?7FHDs6J}OTn3~LK!c~9|4h~LK?HPJDX28*%zjjHrR_o>El%+z)pwRL7^b-0B(r%t9r)lF1-EM_{bx+A9`V"
    "_id)pM$;5@?3ljyJhA!M;VWub)4579*(?@B#xAhijIYjFEPtKjFM&w7R1i+1=LgsF;m7@UDS5<LM4FrDTHpStn2F5VDHI#4HWApIy=<%BA@m|(8s!4MO"
    "T`lyF04V0nsPYt_}b3=#$DBdW>D`+Pb*T00w^m_dQnCREgA4OmjTBP^1%ch$9{EW^q^((-U8`yYq!(s3X54t|OKsw_||A*D=aj)L_PSa~qq)n^9VEQZ$"
    "v<k(P(6o$8JXP)x<c9Zie8UJ<!{yxxF$euVxraiyRB4AjTETfO5;cyyu+vo~X}W1zN9uzmxByUu4vfK!{>$uhQn03I8nN~sXJ6b|%?XoNgjlIHV3R*p?"
    "I9~gy=xz2>n1*mRvM;ymDj*gBij#kci@Scm!zN`lSn(osCkzUS6TCS)Ds>P`EVRZ^#?=G+>)P?nrn5i9@vX^#>{5#L~ec0XVJ?`ew{T%`J{_xz+bt=6U"
    "K4Fp`09RHS-L2JawHh6nSzVF6WL!C2#25YP4ll?@u}fxp)5Eyp{N8!m(cMwdk=F4o5TA5ZalUr0GJ2TbvlRRxUrN=4H>!L9mr+zT!q@7h`r|H6fG;_r!"
    "c<<}4X=0-j2edP`+HAt{uy`2+#bB${YGs;pV_Fd+a11NZ`R9D>A{%k$~r4_`W&>SmLjN3S$RfO5&Mvv2lDe!s4nI~BaJcM8PB=K(aur9QQa}nalui+dD"
    "l77sAi^QkJviijuME)B9-im?C1m3DO5_8Mt!NWsvn>Rp2(7=^gwXQHE@hm|NW=2|Cq;OqBf&z{q_{g)!|od-P!?fG!vNH!kv7Lys<|OK$5;C`^Z>wykO"
    "LcPVscSC;J^q(ZjgsZ0-z(GL67IFLS&ATYEW&8U@WDb2sb9bJ2Nfj$D#Uc7dN+3)i_`u9M5<W_eypSxv3LrPV=|k73RtKIs{PPpfpy{Q<qVDRSwSuYFz"
    "_m9usM^K{(%=HReI+Dk1}O;udAUY0|ZD~g@;74_p6S!OoSyk&fE9Cp@qN=)!^$6ZGXr-#$mIl{<cdYQ9XRUXQx(U)ShxGR#%!r+23GN1fLrji-)wMNR@"
    "vVuCO(&Lr3L8C%#w*FV%G4!!Y$K-GE&Za*yI&)ZO8`d*L*4|{NUIFds1r^DK&OWY2t76Jq4v`7uR1sTv&`n;5PhqdjYUXaEpmEIE!&$_c!I=vlY?U*aF"
    "~`VjUNwiXto#(R@(n63#)<9XoH&E*y-fTfdW(T#p?EH8$*Z!HdZg;1%D2&N@{^th`jkq4h+2MRE9ml~k8I3GFk6e^LOVl4zS1v{>pQCCYOky%?;tf>jJ"
    "=c#){dPqivx2-<F#|MbE<O+etzSuVjM8an>S4lmXI&yS!gc#Q9e;iG#6Eow<USg9@<ZLsgT$ps!J|^RhjfKeGYe={$<3Uf?CDc^}pQ~S>62zIqL%4&?d"
    "N|p~yVNkSVW%zbdOBIa6kno8i7zQZgFCpR;=Gq*=+lX$&@s8%dF+(il~YSw@J_&3p}gVr(>WV@p~Md@tx3{Z4bJ9+>YL_vR*VLvLt<7%j`Fm#U>c04`z"
    "w7UI9k)9<DZ=1!NvHfC?k^BG*jT1<0qbaoCMj(Hn|{Coo{6$_o6SWF;;|IDAVR_uw{*Zk7FYOFG*8FP(2MxgP%xzbF=CNR!=@moAMwWF~#g1RDM`}5hn"
    "8h5fcc*#CI83j|YxFc7pB6zKPHe3Ju--+PQQ0r(mbLp1lMXfqNhdy3|O723!nxMP7J9|AkJC!;lTS$K~SP(Fnd@yHhB1^}PnS;#AW==C3y1bpa)C@4Iv"
    "W+Y$@5zsH#dA<Gu$>=Yz{~NotUY7qL(|{v%D&<msitTv>#A6AB3JSHN`Id3qw?|Hpn4~3ksEWEeVX$Ocl<I~dz)Se7uH69rxWWt@Jx+VJhfHUL1rExVu"
    ">k~idOK#;O%}aFAD`*9W&3GPf_2RY$kim^7Enm0DsBDxj)~>`*OvmvT(DH>2Dk{ju{oqIIJk2PF^BNUQ`}%o57zA@n3IGVq&%uhYz&sE~fdg-l*q5o0}"
    "m4#L`#PY*j}osA*jpAjZRIZ>P%in2+Y)Vx~8-F{}sc4D>VDZ_JP7<n8S5MRJc{<2!g;E?H0JWo9x588@8MoWq^5jeAC6c7T@`qvSMIL+?e-k@|Cgr@}v"
    "WW>Nbhr;XX#k6EmJ4%6%jKhh6*{#z~8MPRNAZQd)}$~e+fR1>dhDth)6U%|WZ(mW$i#*_05yf|;lNAR`$9De|oI>g8F)O;R$W`1kdGDbRgI~pKw?R6}2"
    "rZF$Gd89;nsIn(I>+>W2<Fw^sF>YhFoVT_6eFz3S3+HJuSRdUGc}J_OYJqAApLh`tBA>h`CWvC<1uaF6%t{gbCjXu9<$Ex_SNRL><OwJqh49~aC+@{cv"
    "CigXW1MrcV^L)4$ZHYJBC9)|J1>}bxrgwVFV!6FrG@^dzJu_GY3psBU7JwLiM<5o8(?h<^9<czH`YaT0(~DG=AjBft2W6FGM&6Bri<DlxwubTX)<|GYi"
    "dOGsUbC`7Sx<7QW`qPTk!2H*fb5(dBL$Za%#k*@c!Wu;eHXT96OD8{5(yUtJE;~J<|W&_lb^)`eT^G?K;17*V*drIeG}vU0Iz*`>P{rs%oM#s3-8sU1V"
    "MvA`XcuqKzmm(u=qvj9$@0c&#(=8q=sYy~ac@We3gm=;*wTTM=`@_k?8$n-?}ayjJ8?XIAzlWtI(8TijXxk0O4*(ot$9+-W+hx2<_T4-VT5-X4o|S5xQ"
    "FakRJEp~k2NNRs~YH~9-RD?cXtsW>6li&<iX=q?(HGU99TjAl|g8pfBiWoAz!i*tQs)`<OKo}te|s)ZH_3k<LC$Zyu>>qMw52WM;k!-(HM;fRUZ#bF`#"
    "_TUL7>@u>XD`5=Mt#x^wMGJLb?N(D%d-a{Y?X@=h!(=O2UgnZXWw^K{c45lD7mv~1>-k<b->h$VJE}&`f~DOXay&S3$jgu^VW}hY7(-YlF;0F7S8MzS5"
    "Px{8qoOfeo6u0VC-KHapVJ5RR=q?|0(Z9r>g+n6er3OJbe#PJdsY=ky_T2cPB|Z`qoLjHt3(OmNiX<Iw%KfC9C0Lz%o9E&G%WaRP*Bjy;M}3Vho^PUF("
    ";4~ui!N!|09S$j@jkJjOdBBPIJ8Ai%w&vHzQ?CM#gK04lj%hE!7KkL2Xy_)G#2gt_mRchsm?3c`J1KOkq-f%EoV+y^Q^i$cPtVnM0cgvp_R&bkK$10bv"
    "xm(s;xNh&`$VUh6-D_+u<4V^rGZxc$ImkKL#b!i}x4Pjfun@4d>5BpsoisPpLb#YmU!RT1d+aoHK3w6T~-19>X8$?$R{jJzJkLn4DZ2Idaz5!fpzYv_%"
    "LMb2#e4vkcCaBu%ph(9*bZ})<4PqF;mn}h52=D>O{(o*=7F}knr2)(WdXXZlgt&XZ$sCRmGOjefL#S^;1+cLvQ<SZTeAS_Yn(I62pAz(^C?!bq^E5pY)"
    "I<eAJMcq|F|53yrK8Nu3WZL!AMTGkt%X(VQ+IhR)kF-~B0i!L@Q}jqAtq%4x?Rj)E{aEdVZl_j@WD;3P6s4oAo!QDcH8OR0rO-n`X9JQ49QJ?cKQ*X-S"
    "nJ3I=42j6ZB+jMVZ<Lt{cgT`d#dAO@A|z^Z`U)h*3-@_^*lY%KEtbxYCF;4KdKk9om?j7QwDy<-0XZE**tu4=;ffJ0f+p*@;~6$F0e^xr-;kOOLkfgQ?"
    "LIY5P#^$Vs<#i*cFAicSTW8^t;}fbkKgbeJ&DLBlLKXTCVb{J<^GEIi8ncsf-SeW8ule5(eK3nCw5^Z;@~EfU+U2!^v5NjYn#H`Tv6Wk6q~dxE*dz3v|"
    "Cz=dpb@Z*BZ{qtA!v7CNK80S<FumYa$vd>!j!+;U`(m=#ttI6>gg{%QT@zbW8fKX^=7Dd%qUJDE;B{eMIJVTZ@$Gxgqf@a?nxuC38s^!Xt@Uk}rjHL1C"
    "(q?#_bh_aM~-!y7C=S8FrpAuX;u(AJU-yN?T_zem=8am!l)J!a&%ZLBZi2v;T@?*~px=!e={on(A2~#~sx78W+LDfl}mBC^Xwc|O>olZx@jPM)5g9BUn"
    "d-%qEz1{bEV3p92$Wz8dv0Fa)FF^ch8{xO7^bUI~`U;Hp8|HbSE~y`=If~1|@(S(a1I)}u=g2Q2GK8E6{K>z(?{J@zzJ&r0g$#-O&gd>~3$Ong#Gkewb"
    ")mLqI{*&t1bp~JT}M0AK9x`PmT5&|dT7oto<<Ii7!r~@$kV@@@Ap1e-uMPg2{|0G(%F*Ii#z{ii2rPF7S-!y*EtN@bp=|z0Q#I7iMo~ADBFnEl$ZG%g&"
    "m0_eM6Q7#S0kYo7ZRSoAv?4LV87f>#V}>^TYq8i2rz-VpW>iUd0#5<CI>ef7V%bfEuW-$T?yj4Q3V1la2|I-9yU-uM0@z*V!kPZ|8v0A@L%1II^(JZ0L"
    "VE;`h<JFk7e94)C@Ys_dzU>+f`Oy;Q|lcZHK4v#Vxv=XZ{5VFf~l1#a_8@_Li+oPcY={^1)P6O43*r~2PP{8qt)ow-8nXUMkeX}Ye?r;n>2R36ztwB^H"
    "DY2!<0=I|cy)+hbbz4^&+b3nonpYSlpSjX*%6Y_rvanwXx%+0}HK5!(*^?FpfGjj9>bwH+-wdfRIYdVbNk*~tvgcJ(8;I|=QP2ligN4STxMa1r)iu`{M"
    "v9$xY>g<FEeXXzQ-{G}qz==etI_jWoEFMw^?#cQ(=Q(Odj1LP9Y8ZMwG*?LT$lb<$f9AW>_+LZ(w$j4pFYC#oJNm3%qDSd8dN=BPQ_d8%#X@$URW$}Xp"
    "M{4+o{i`lKG^xvdDM5dcZrDqO~e*vYnq*KU_tiD-ATPcx6<kK7VG;m%9*l==q5H;-|3LerpojbzuqIvkb1s#ga20%fBJ{159ls>Cp9vA_?h=k`~4r}@u"
    "L?"
)


@cache
def _table() -> tuple[tuple[float, ...], ...]:
    raw = zlib.decompress(base64.b85decode("".join(_DATA)))
    rows, at = [], 0
    for _ in range(GOAL):
        row, q = [], 0
        for _ in range(GOAL):
            q = (q + int.from_bytes(raw[at:at + 2], "little")) & 0xFFFF
            at += 2
            row.append(q / 65535)
        rows.append(tuple(row))
    return tuple(rows)


def chance(a: int, b: int, dealer: bool) -> float:
    """The chance to win of the player with ``a`` points against ``b``, at the start of a hand it deals or not
    (121 or more: the game is won)."""
    if a >= GOAL:
        return 1.0
    if b >= GOAL:
        return 0.0
    table = _table()
    return table[a][b] if dealer else 1.0 - table[b][a]
